// The anchor of `npm run bench:ws`: crossws's own chat example on plain h3 and Node's http server,
// no session, no database, no limits. Each text frame goes to every peer (publish to the others,
// send to the sender), as the app's chat does, so the bench shows what the app's checks, its
// table and its reader cost on top of the bare fan-out.
import wsAdapter from 'crossws/adapters/node';
import { createApp, defineWebSocketHandler, toNodeListener } from 'h3';
import { createServer } from 'node:http';

const app = createApp();
app.use(
  '/ws/chat',
  defineWebSocketHandler({
    open: (peer) => peer.subscribe('chat'),
    message: (peer, message) => {
      const text = message.text();
      peer.publish('chat', text);
      peer.send(text);
    },
  }),
);

const server = createServer(toNodeListener(app));
server.on('upgrade', wsAdapter(app.websocket).handleUpgrade);
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
