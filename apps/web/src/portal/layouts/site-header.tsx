import type { Company } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { BrandMark } from '../../components/brand-mark';
import { UserMenu } from '../features/auth/components/user-menu';
import type { PortalBrand } from '../lib/portal';
import { PhoneMenu, SiteNav } from './site-nav';

/** The portal's header: its name and the account menu, then the areas, keeping the picked project in every link. */
export function SiteHeader({ entity, brand, company }: { entity?: number | undefined; brand: PortalBrand; company: Company | null }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:flex-wrap sm:gap-x-8 sm:py-3">
        <Link to="/" search={{ entity }} className="flex min-w-0 items-center gap-3 text-base font-semibold text-slate-900 sm:text-lg">
          <BrandMark name={brand.name} logoUrl={brand.logoUrl} />
        </Link>
        <div className="ml-auto hidden items-center gap-1 sm:flex">
          <UserMenu entity={entity} />
        </div>
        <PhoneMenu entity={entity} company={company} />
        {/* A row of its own under the brand and the account menu: the areas grow with the company's switches, and ten of them
            beside a long company name would push the account menu onto a line of its own. */}
        <SiteNav entity={entity} company={company} />
      </div>
    </header>
  );
}
