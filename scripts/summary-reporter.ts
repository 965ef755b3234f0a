import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints one clear line per stage: how many screenshots were compared, and which differ. */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed: string[] = [];
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed') this.passed++;
    else if (result.status === 'skipped') this.skipped++;
    else if (result.retry === test.retries) this.failed.push(test.title);
  }

  onEnd(result: FullResult) {
    const total = this.passed + this.failed.length;
    const what = process.env.PW_STAGE === 'e2e' ? 'browser journeys passed' : 'screenshots identical to their baselines';
    console.log(`\n${process.env.PW_STAGE ?? 'visual'}: ${this.passed}/${total} ${what}${this.skipped ? `, ${this.skipped} skipped` : ''} (${result.status})`);
    for (const title of this.failed) console.log(`  differs or failed: ${title}`);
  }
}
