import { differenceTone, overUnder } from '../../../../lib/selection-format';

/** An allowance's difference in words ("$250.00 over"), or that nothing is chosen against it yet, which is no credit. */
export function AllowanceDifference({ difference, anythingChosen }: { difference: string; anythingChosen: boolean }) {
  return <span className={differenceTone(difference, anythingChosen)}>{overUnder(difference, anythingChosen)}</span>;
}
