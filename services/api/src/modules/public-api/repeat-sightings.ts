/**
 * Whether a request target was already seen in the current second, so that only repeated targets
 * are memoised. Memoising every answer kept each one alive for a while: under a load that repeats
 * nothing they all outlived two scavenges, were promoted, and the old space filled with answers that
 * no call would ask for again (a full collection every second or so, and the heap's peak with it).
 *
 * Targets are told apart by a hash into 2^slotBits slots (2^18 by default), each holding the
 * window (a second, by default) of its last sighting: nothing of a target is kept, and no clearing is
 * needed when the window turns. Two targets sharing a slot in one window only make the second of
 * them kept early: n new targets a window make about n / 2^slotBits of them so (at 30 000 a second
 * in 2^18 slots, about 6 % on average in the last of them). Size the slots to what a window sees.
 */
export class RepeatSightings {
  private readonly lastSeen: Uint32Array;
  private readonly mask: number;

  constructor(slotBits = 18) {
    this.lastSeen = new Uint32Array(1 << slotBits);
    this.mask = (1 << slotBits) - 1;
  }

  /**
   * Records a sighting of `target` (told apart by `context` too, e.g. the caller's plan) in
   * `window`; true when it was seen in that window before.
   */
  seenBefore(target: string, window: number, context = ''): boolean {
    const stamp = (window >>> 0) + 1; // 0 is a slot never written
    const slot = fnv1a(target, fnv1a(context, FNV_OFFSET)) & this.mask;
    if (this.lastSeen[slot] === stamp) return true;
    this.lastSeen[slot] = stamp;
    return false;
  }
}

const FNV_OFFSET = 0x811c9dc5;

/** 32-bit FNV-1a over the string's UTF-16 code units, continuing from `hash`. */
function fnv1a(text: string, hash = FNV_OFFSET): number {
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
