const UNITS = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/**
 * A whole number from 0 to 99 in words, as prose writes small numbers ("seventeen", "forty-five"),
 * so that pages can state a rule's number from its constant; any other number stays in digits.
 * `capitalised`: for the start of a sentence.
 */
export function numberWord(n: number, { capitalised = false } = {}): string {
  const word = spelled(n);
  return capitalised ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

function spelled(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 99) return String(n);
  if (n < 20) return UNITS[n]!;
  const units = n % 10;
  return units ? `${TENS[Math.floor(n / 10)]}-${UNITS[units]}` : TENS[n / 10]!;
}
