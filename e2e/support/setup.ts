import { afterEach } from 'vitest';
import { openPagesReport } from './failure-report';

// A failed test prints what its open pages showed (support/failure-report.ts), before the file closes them.
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const report = await openPagesReport();
  if (report) console.error(`\nWhat the open pages showed when "${context.task.name}" failed:\n${report}\n`);
});
