import { describe, expect, it } from 'vitest';
import { confirmLeave, holdLeave, LEAVE_MESSAGE } from '../../../src/lib/leaveGuard';

describe('the leave-page warning (spec 001 §2.5)', () => {
  it("asks only while a form has unsaved changes, with the spec's words; closing the tab is held too", () => {
    const asked: string[] = [];
    const ask = (m: string) => {
      asked.push(m);
      return false;
    };
    const tab = new EventTarget();
    expect(confirmLeave(ask)).toBe(true);
    const release = holdLeave(tab);
    const second = holdLeave(tab);
    expect(confirmLeave(ask)).toBe(false);
    expect(asked).toEqual([LEAVE_MESSAGE]);
    expect(LEAVE_MESSAGE).toBe('Are you sure you want to leave? Changes you made may not be saved.');
    const closing = new Event('beforeunload', { cancelable: true });
    tab.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);
    release();
    expect(confirmLeave(ask)).toBe(false);
    second();
    expect(confirmLeave(ask)).toBe(true);
    const after = new Event('beforeunload', { cancelable: true });
    tab.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
