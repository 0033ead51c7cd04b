/** A row's or a card's small buttons: the shared Button is sized for forms (the marks win over its own padding). */
export const SMALL = 'px-3! py-1.5! text-sm!';
