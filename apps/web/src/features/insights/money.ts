/** An amount in minor units (cents; Telegram stars have none) in the reader's language. */
export function formatMoney(amount: number, currency: string, language: string): string {
  if (currency.toUpperCase() === 'XTR') return `${amount} ★`;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
