// Decision 049: a start without a proof of work (JavaScript off, or a script that could not solve it)
// is admitted only a few times per client address and hour, counted here, in this process's memory.
// Counting by rateKey (an IPv4 address, an IPv6 /64: lib/client-address.ts) keeps one subscriber from
// rotating addresses; a restart forgets the counts, which at worst admits another handful.

export interface StartAllowance {
  /** Counts one start for this key; false when its allowance for the hour is spent. */
  take(key: string): boolean;
}

export function createStartAllowance({
  perHour = 10,
  now = () => Date.now(),
  maxKeys = 50_000,
}: {
  perHour?: number;
  now?: () => number;
  maxKeys?: number;
} = {}): StartAllowance {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    take(key) {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        // Bounded memory: when full, the windows that ended go first, and if none had, all of them.
        if (!window && windows.size >= maxKeys) {
          for (const [other, { resetAt }] of windows) if (resetAt <= time) windows.delete(other);
          if (windows.size >= maxKeys) windows.clear();
        }
        window = { count: 0, resetAt: time + 3_600_000 };
        windows.set(key, window);
      }
      if (window.count >= perHour) return false;
      window.count++;
      return true;
    },
  };
}
