// A local SMTP receiver for the mail benchmark: accepts every mail on
// 127.0.0.1 and records when each Message-ID was handed over (answered 250).
import { SMTPServer } from 'smtp-server';

/** The Message-ID header of a raw message's head (header lines may be folded). */
function messageIdOf(head) {
  const line = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((l) => /^message-id:/i.test(l));
  return line ? line.replace(/^message-id:\s*/i, '').trim() : null;
}

/**
 * Starts the receiver; `onMail(messageId, at)` is called as each mail is
 * accepted (`at`: performance.now()). Answers { url, connections(), close() }.
 */
export async function startSmtpReceiver(onMail) {
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      let head = '';
      let headDone = false;
      stream.on('data', (chunk) => {
        if (headDone) return;
        head += chunk.toString('utf8');
        const end = head.search(/\r?\n\r?\n/);
        if (end !== -1) {
          head = head.slice(0, end);
          headDone = true;
        }
      });
      stream.on('end', () => {
        onMail(messageIdOf(head), performance.now());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
