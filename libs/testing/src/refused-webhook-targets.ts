/**
 * A webhook endpoint URL for each way of writing a refused address (loopback at `port`, private,
 * link-local, CGNAT, metadata, NAT64 of loopback, IPv4-mapped IPv6, …) that URLs allow: the API
 * refuses each at creation, the worker each at send time.
 */
export function refusedWebhookTargets(port: number): string[] {
  return [
    `https://127.0.0.1:${port}/`,
    `https://127.1:${port}/`,
    `https://2130706433:${port}/`,
    `https://0x7f000001:${port}/`,
    `https://0177.0.0.1:${port}/`,
    `https://0x7f.1:${port}/`,
    `https://[::1]:${port}/`,
    `https://[::ffff:127.0.0.1]:${port}/`,
    `https://[::ffff:7f00:1]:${port}/`,
    `https://[64:ff9b::7f00:1]:${port}/`,
    `https://0.0.0.0:${port}/`,
    `https://localhost:${port}/`,
    'https://10.0.0.1/',
    'https://172.16.0.1/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
    'https://[fd00:ec2::254]/',
  ];
}
