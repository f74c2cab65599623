// A server component that validates on every request (next start's server
// runtime), beside a client component that validates in the browser (and is
// rendered on the server first, through the package's Node entry).
import * as sdk from 'licensing-sdk';
import { verdict } from '../verdict.js';
import ClientVerdict from './client-verdict.jsx';

export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <main>
      <pre id="server">{JSON.stringify(verdict(sdk))}</pre>
      <ClientVerdict />
    </main>
  );
}
