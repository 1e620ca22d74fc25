/**
 * Fetch wrappers that hold the next GET of a list (`/posts?…`) until the test releases it: a
 * list's read set out, or answered, while the writer's Delete goes (reviews 65 and 66).
 */

/** A hold to arm once: `heldNow` when the list is held, `release` to let it go on. */
function holdOf(setArmed: (armed: { gate: Promise<void>; held: () => void }) => void) {
  let release!: () => void;
  let held!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const heldNow = new Promise<void>((resolve) => (held = resolve));
  setArmed({ gate, held });
  return { release, heldNow };
}

const isList = (input: Parameters<typeof fetch>[0], init?: RequestInit): boolean => {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
  );
  return (init?.method ?? 'GET') === 'GET' && url.pathname.endsWith('/posts');
};

/** Holds the answer of the next GET of the list, the service having read it. */
export function holdingListAnswer() {
  let armed: { gate: Promise<void>; held: () => void } | null = null;
  const through: typeof fetch = async (input, init) => {
    const hold = armed && isList(input, init) ? armed : null;
    if (hold) armed = null;
    const response = await fetch(input, init);
    if (hold) {
      hold.held();
      await hold.gate;
    }
    return response;
  };
  return { through, arm: () => holdOf((next) => (armed = next)) };
}

/** Holds the request of the next GET of the list before it goes out. */
export function holdingListRequest() {
  let armed: { gate: Promise<void>; held: () => void } | null = null;
  const through: typeof fetch = async (input, init) => {
    if (armed && isList(input, init)) {
      const hold = armed;
      armed = null;
      hold.held();
      await hold.gate;
    }
    return fetch(input, init);
  };
  return { through, arm: () => holdOf((next) => (armed = next)) };
}
