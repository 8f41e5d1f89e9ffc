// The table page at desktop sizes keeps the viewer's own panel (its hand or holder, first in the
// players' area) on the screen. The side column holds the move panel and then the players' area;
// when it is too short for both, the other players' panels scroll within the players' area
// first, and only then does the move panel give up height (style.css). The one thing CSS cannot
// say is "the players' area is never shorter than its first panel": this module measures that
// panel and gives its height to the players' area as --own-h.

/**
 * Keeps `players`' --own-h at the height of the viewer's own panel (with the area's padding),
 * as the panels are redrawn and the window resized.
 * @param {HTMLElement} players the players' area (#players-area)
 */
export function keepOwnPanel(players) {
  /** @type {Element | null} */
  let watched = null;
  const measure = () => {
    const own = players.querySelector('.my-hand')?.closest('.player') ?? null;
    if (own !== watched) {
      if (watched) sizes.unobserve(watched);
      if (own) sizes.observe(own);
      watched = own;
    }
    if (!own) {
      players.classList.remove('keeps-own');
      players.style.removeProperty('--own-h');
      return;
    }
    const cs = getComputedStyle(players);
    const edges = [cs.paddingTop, cs.paddingBottom, cs.borderTopWidth, cs.borderBottomWidth].reduce(
      (sum, v) => sum + (parseFloat(v) || 0),
      0,
    );
    players.style.setProperty('--own-h', `${Math.ceil(own.getBoundingClientRect().height + edges)}px`);
    players.classList.add('keeps-own');
  };
  const sizes = new ResizeObserver(measure);
  new MutationObserver(measure).observe(players, { childList: true });
  measure();
}
