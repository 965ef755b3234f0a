/** 'YYYY-MM-DD' of a timestamp in UTC. */
export function formatDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * 86_400_000);
}
