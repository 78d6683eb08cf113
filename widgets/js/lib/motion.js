// Reduced motion: no animation, and a bot's move never flashes by faster than this.
export const REDUCED_MOTION_MIN_DELAY = 800;

export function reducedMotion() {
  return Boolean(globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// The delay before the page asks the bot to move.
export function botDelay(delay) {
  const ms = Math.max(0, delay || 0);
  return reducedMotion() ? Math.max(ms, REDUCED_MOTION_MIN_DELAY) : ms;
}
