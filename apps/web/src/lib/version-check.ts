import type { Version } from '@portal/contract';
import { toast } from './toast';

export const VERSION_POLL_MS = 5 * 60_000;

async function currentBuild(): Promise<string | null> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    return response.ok ? ((await response.json()) as Version).build : null;
  } catch {
    return null;
  }
}

/**
 * Polls the build manifest (docs/requirements.md 8.7: our own /version.json) and offers a reload, once, when a new
 * version is deployed. Checks again whenever the tab comes back into view.
 */
export function startVersionCheck(intervalMs = VERSION_POLL_MS): () => void {
  let known: string | null = null;
  let offered = false;
  const check = async () => {
    const build = await currentBuild();
    if (!build) return;
    if (known === null) known = build;
    else if (build !== known && !offered) {
      offered = true;
      toast.info('A new version of the portal is available', 'Reload to get the latest.', { label: 'Reload', onClick: () => window.location.reload() });
    }
  };
  void check();
  const timer = setInterval(check, intervalMs);
  const onVisible = () => document.visibilityState === 'visible' && void check();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
