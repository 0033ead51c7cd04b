import { useEffect } from 'react';

export const PRODUCT_TITLE = 'Project portal';

/** docs/requirements.md 1.4: "Project portal", followed by the company name when one is known. */
export function documentTitle(companyName?: string | null): string {
  return companyName ? `${PRODUCT_TITLE} | ${companyName}` : PRODUCT_TITLE;
}

export function useDocumentTitle(companyName?: string | null) {
  useEffect(() => {
    document.title = documentTitle(companyName);
  }, [companyName]);
}
