import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { messages } from '../../messages';
import { PrinterError } from './send';

/**
 * Where a printer may be: the restaurant's network, never this server itself. A manager types the printer's host
 * and port, and the ticket's text (dish names, the diner's comment) goes there as raw bytes: pointed at a service on
 * the server's own loopback or the cloud's metadata address, a "ticket" could be a command to it. So the address is
 * resolved here and the ticket goes to the address checked, not to the name again (a name that changes its answer
 * between the check and the connection gains nothing). Demo mode and tests print to the simulator on loopback.
 */
const REFUSED = new BlockList();
REFUSED.addSubnet('127.0.0.0', 8, 'ipv4');
REFUSED.addSubnet('0.0.0.0', 8, 'ipv4');
REFUSED.addSubnet('169.254.0.0', 16, 'ipv4');
REFUSED.addSubnet('224.0.0.0', 4, 'ipv4');
REFUSED.addAddress('255.255.255.255', 'ipv4');
REFUSED.addAddress('::1', 'ipv6');
REFUSED.addAddress('::', 'ipv6');
REFUSED.addSubnet('fe80::', 10, 'ipv6');
REFUSED.addSubnet('ff00::', 8, 'ipv6');

/** The address to print to, or a PrinterError that is not worth retrying (an address of the server itself). */
export async function printerAddress(host: string, options: { allowLoopback: boolean }): Promise<string> {
  let address = host;
  let family = isIP(host);
  if (family === 0) {
    try {
      ({ address, family } = await lookup(host));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A name no server knows stays unknown; a resolver away for a moment may answer at the next try.
      throw code === 'ENOTFOUND'
        ? new PrinterError(messages.printerUnknownHost, false)
        : new PrinterError(messages.printerNoAnswer, true);
    }
  }
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  const type = isIP(mapped) === 4 ? 'ipv4' : 'ipv6';
  if (!options.allowLoopback && REFUSED.check(mapped, type))
    throw new PrinterError(messages.printerAddressRefused, false);
  return mapped;
}
