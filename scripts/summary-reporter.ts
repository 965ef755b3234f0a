import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints one clear line for the e2e stage: how many journeys passed, and which failed. */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed: string[] = [];
  private skipped = 0;
  private retried: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed') {
      this.passed++;
      if (result.retry > 0) this.retried.push(test.title);
    }
    else if (result.status === 'skipped') this.skipped++;
    else if (result.retry === test.retries) this.failed.push(test.title);
  }

  onEnd(result: FullResult) {
    const total = this.passed + this.failed.length;
    const what = 'browser journeys passed';
    console.log(`\ne2e: ${this.passed}/${total} ${what}${this.skipped ? `, ${this.skipped} skipped` : ''} (${result.status})`);
    for (const title of this.failed) console.log(`  failed: ${title}`);
    for (const title of this.retried) console.log(`  passed only when run again (make it settle): ${title}`);
  }
}
