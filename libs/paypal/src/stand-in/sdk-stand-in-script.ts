/**
 * A stand-in of PayPal's JS SDK (`paypal.Buttons`) for local development and browser tests: its
 * button asks the page's createSubscription for a subscription (whose `actions.subscription.create`
 * creates it at the REST stand-in, as a buyer's approval at PayPal would) and then calls onApprove
 * with the new id. Each create's body, each button style and the SDK's query are recorded in
 * `window.__paypalCalls`.
 */
export function payPalSdkStandInScript(createUrl: string, sdkQuery: string): string {
  return `
window.__paypalCalls = { sdkQuery: ${JSON.stringify(sdkQuery)}, creates: [], styles: [] };
window.paypal = {
  version: '5.0.0-stand-in',
  Buttons(options) {
    window.__paypalCalls.styles.push(options.style);
    return {
      isEligible: () => true,
      close: () => Promise.resolve(),
      render(container) {
        const target = typeof container === 'string' ? document.querySelector(container) : container;
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal Subscribe';
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
        target.appendChild(button);
        return Promise.resolve();
      },
    };
  },
};`;
}
