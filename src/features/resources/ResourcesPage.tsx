/** Placeholder while issue 19 is being built (replaced by the area's screen). */
export function ResourcesPage() {
  return null;
}
