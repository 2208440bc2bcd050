import type { SandboxSessionRow } from '../../../db/schema/payments.ts';
import { TEST_CARDS } from './sandbox-cards.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (amount: number, currency: string) =>
  currency === 'XTR'
    ? `${amount} XTR`
    : new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 100);

const groups = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f7;color:#1b1f2a}
.banner{background:#ffb020;color:#221800;text-align:center;font-weight:700;padding:8px 12px;letter-spacing:.04em}
main{max-width:440px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 4px 24px rgba(20,30,60,.08);padding:22px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:28px;font-weight:700;margin:6px 0 18px}
.muted{color:#5b6475;font-size:14px}label{display:block;font-size:14px;font-weight:600;margin:12px 0 4px}
input{width:100%;font:inherit;padding:11px 12px;border:1px solid #c9cfdb;border-radius:9px;background:#fff}
input[aria-invalid=true]{border-color:#d92d20}.row{display:flex;gap:12px}.row>div{flex:1}
.error{background:#fdecea;color:#a21b12;border-radius:9px;padding:10px 12px;margin:12px 0 0;font-size:14px}
button{width:100%;font:inherit;font-weight:700;border:0;border-radius:10px;padding:13px;margin-top:18px;background:#3b5bdb;color:#fff;cursor:pointer}
button.secondary{background:#e6e9f0;color:#1b1f2a;margin-top:10px}
table{width:100%;border-collapse:collapse;font-size:13px;margin-top:8px}td{padding:4px 0;border-top:1px solid #eef0f4}
td:first-child{font-family:ui-monospace,monospace;white-space:nowrap;padding-right:10px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} · Sandbox payments (TEST MODE)</title><style>${STYLE}</style></head>
<body><div class="banner" data-testid="sandbox-test-mode">TEST MODE · no real money moves · Amora sandbox processor</div>
<main>${body}</main></body></html>`;
}

export function renderCardPage(
  s: SandboxSessionRow,
  state: { error?: string; field?: string; values?: { number?: string; expiry?: string; cvc?: string } } = {},
): string {
  const v = state.values ?? {};
  const invalid = (f: string) => (state.field === f ? ' aria-invalid="true"' : '');
  const cards = TEST_CARDS.map((c) => `<tr><td>${groups(c.number)}</td><td>${esc(c.label)}</td></tr>`).join(
    '',
  );
  return layout(
    'Pay by card',
    `<div class="card">
<h1>Pay by card</h1><div class="muted">${esc(s.description)}</div>
<div class="amount" data-testid="sandbox-amount">${esc(money(s.amount, s.currency))}</div>
<form method="post" action="/sandbox/pay/${esc(s.id)}" novalidate>
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="${esc(v.number ?? '')}"${invalid('number')} required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/34" value="${esc(v.expiry ?? '')}"${invalid('expiry')} required></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${esc(v.cvc ?? '')}"${invalid('cvc')} required></div></div>
${state.error ? `<div class="error" role="alert" data-testid="sandbox-error">${esc(state.error)}</div>` : ''}
<button type="submit">Pay ${esc(money(s.amount, s.currency))}</button>
</form>
<form method="post" action="/sandbox/pay/${esc(s.id)}/cancel"><button class="secondary" type="submit">Cancel and go back</button></form>
</div>
<div class="card" style="margin-top:16px"><strong>Test cards</strong><div class="muted">Any future expiry date and any CVC.</div>
<table>${cards}</table></div>`,
  );
}

export function renderConfirmPage(s: SandboxSessionRow): string {
  return layout(
    'Confirm your payment',
    `<div class="card">
<h1>Confirm your payment</h1>
<p class="muted">Your bank asks you to confirm this payment (3-D Secure test challenge).</p>
<div class="amount">${esc(money(s.amount, s.currency))}</div>
<form method="post" action="/sandbox/pay/${esc(s.id)}/confirm">
<button type="submit" name="action" value="approve">Complete authentication</button>
<button class="secondary" type="submit" name="action" value="fail">Fail authentication</button>
</form></div>`,
  );
}

export function renderClosedPage(message: string): string {
  return layout(
    'Checkout closed',
    `<div class="card"><h1>Checkout closed</h1><p class="muted">${esc(message)}</p></div>`,
  );
}
