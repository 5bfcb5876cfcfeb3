// A person's initials in a circle (the topbar's user menu, who is editing a record). Decorative: the
// name is always written beside it.

export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

export function Avatar({ name }: { name: string }) {
  return (
    <span className="user-avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
