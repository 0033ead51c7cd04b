const MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment of the company's records (last used, expiry, an attempt) in the reader's own time. */
export const formatMoment = (timestamp: string) => MOMENT.format(new Date(timestamp));
