import { BUTTON_COLORS, BUTTON_LABELS } from './sdk-button-look';

/**
 * Draws the button as PayPal does for the page's `style` (sdk-button-look.ts): its fill, shape,
 * wordmark and words, PayPal's hover and keyboard focus ring, and under a vertical stack "Powered by
 * PayPal"; a horizontal button's tagline. Nothing is fetched: the wordmark is text in PayPal's blues.
 */
const DRAW_BUTTON = `
const COLORS = ${JSON.stringify(BUTTON_COLORS)};
const LABELS = ${JSON.stringify(BUTTON_LABELS)};
const FONT = '"Helvetica Neue", Helvetica, Arial, sans-serif';
function paypalStandInButton(style) {
  style = style || {};
  const colors = COLORS[style.color] || COLORS.gold;
  const height = Math.min(55, Math.max(25, Math.round(style.height || 45)));
  const radius = style.shape === 'pill' ? Math.round(height / 2) + 'px' : style.shape === 'sharp' ? '0' : '4px';
  const words = LABELS[style.label] || LABELS.paypal;
  const horizontal = style.layout === 'horizontal';
  if (!document.getElementById('paypal-stand-in-style')) {
    const sheet = document.createElement('style');
    sheet.id = 'paypal-stand-in-style';
    sheet.textContent =
      '.paypal-stand-in-button{transition:background-color .1s ease-in-out}' +
      '.paypal-stand-in-button:hover{background-color:var(--paypal-hover)!important;filter:none}' +
      '.paypal-stand-in-button:focus{outline:none}' +
      '.paypal-stand-in-button:focus-visible{box-shadow:0 0 0 2px #ffffff,0 0 0 4px #0070ba}' +
      '.paypal-stand-in-button:active{filter:brightness(.95)}';
    document.head.appendChild(sheet);
  }
  const wrapper = document.createElement('div');
  wrapper.setAttribute('data-paypal-stand-in', '');
  wrapper.style.cssText = 'display:flex;flex-direction:column;align-items:stretch;gap:6px;min-width:150px;max-width:750px;font-family:' + FONT;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'paypal-stand-in-button';
  button.setAttribute('aria-label', [words[0], 'PayPal', words[1]].filter(Boolean).join(' '));
  button.style.cssText =
    '--paypal-hover:' + colors.hoverBackground + ';background-color:' + colors.background + ';border:1px solid ' + colors.border +
    ';border-radius:' + radius + ';height:' + height + 'px;width:100%;padding:0 16px;cursor:pointer;display:flex;align-items:center;' +
    'justify-content:center;gap:5px;font-family:' + FONT + ';font-size:' + Math.round(height * 0.36) + 'px;color:' + colors.text + ';line-height:1';
  const text = (content, css) => {
    const span = document.createElement('span');
    span.textContent = content;
    span.style.cssText = css;
    return span;
  };
  if (words[0]) button.appendChild(text(words[0], 'font-weight:400'));
  const mark = document.createElement('span');
  mark.setAttribute('data-paypal-wordmark', '');
  mark.style.cssText = 'font-weight:700;font-style:italic;font-size:1.25em;letter-spacing:-0.02em';
  mark.appendChild(text('Pay', 'color:' + colors.pay));
  mark.appendChild(text('Pal', 'color:' + colors.pal));
  button.appendChild(mark);
  if (words[1]) button.appendChild(text(words[1], 'font-weight:400'));
  wrapper.appendChild(button);
  if (horizontal && style.tagline !== false) {
    wrapper.appendChild(text('The safer, easier way to pay', 'text-align:center;font-size:11px;color:#2C2E2F'));
  }
  if (!horizontal) {
    const powered = text('Powered by ', 'text-align:center;font-size:11px;color:#545454');
    powered.appendChild(text('PayPal', 'font-weight:700;font-style:italic;color:#003087'));
    wrapper.appendChild(powered);
  }
  return { wrapper, button };
}`;

/**
 * A stand-in of PayPal's JS SDK (`paypal.Buttons`) for local development and browser tests: its
 * button asks the page's createSubscription for a subscription (whose `actions.subscription.create`
 * creates it at the REST stand-in, as a buyer's approval at PayPal would) and then calls onApprove
 * with the new id. Each create's body, each button style and the SDK's query are recorded in
 * `window.__paypalCalls`. The button looks like PayPal's for the style asked (DRAW_BUTTON).
 */
export function payPalSdkStandInScript(createUrl: string, sdkQuery: string): string {
  return `
window.__paypalCalls = { sdkQuery: ${JSON.stringify(sdkQuery)}, creates: [], styles: [] };
${DRAW_BUTTON}
window.paypal = {
  version: '5.0.0-stand-in',
  Buttons(options) {
    window.__paypalCalls.styles.push(options.style);
    return {
      isEligible: () => true,
      close: () => Promise.resolve(),
      render(container) {
        const target = typeof container === 'string' ? document.querySelector(container) : container;
        const { wrapper, button } = paypalStandInButton(options.style);
        button.onclick = async () => {
          try {
            const actions = {
              subscription: {
                create: async (body) => {
                  window.__paypalCalls.creates.push(body);
                  const response = await fetch(${JSON.stringify(createUrl)}, { method: 'POST', body: JSON.stringify(body) });
                  // As PayPal's SDK: a refused creation rejects, so onError runs and onApprove never does.
                  if (!response.ok) throw new Error('PayPal could not create the subscription: HTTP ' + response.status);
                  return (await response.json()).id;
                },
              },
            };
            const subscriptionID = await options.createSubscription({}, actions);
            await options.onApprove({ subscriptionID, orderID: 'ORDER-STAND-IN' }, {});
          } catch (error) {
            if (options.onError) options.onError(error);
          }
        };
        target.appendChild(wrapper);
        return Promise.resolve();
      },
    };
  },
};`;
}
