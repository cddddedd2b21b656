/**
 * A short, value-free summary of validation issues for messages: at most three, each as `path: message`,
 * then how many more. Values are never quoted, since they may be secrets or personal data.
 */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, prefix = ''): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length > 3 ? ` (+${issues.length - 3} more)` : '';
  return shown.join('; ') + more;
}
