/* /portal/sign-in: the browser-wallet path of the spec 5.5 flow; the server verifies either way. */
(function () {
  'use strict';
  var P = window.certPortal;
  var signedIn = document.getElementById('signed-in');
  if (signedIn) {
    // The server keeps the sign-in in a cookie; the session token is shown for agents only.
    P.wireCopyButtons('copy-status');
    return;
  }
  P.wireCopyButtons('sign-status');
  if (!P.provider()) return;

  // EIP-3085: offer the local test chain to the browser wallet (shown only on a local chain).
  var dev = document.getElementById('dev-wallet');
  var addNet = document.getElementById('add-network');
  if (dev && addNet) {
    addNet.hidden = false;
    addNet.addEventListener('click', function () {
      var chainId = '0x' + Number(dev.getAttribute('data-chain-id')).toString(16);
      P.provider().request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: chainId, chainName: 'cert local test chain', rpcUrls: [dev.getAttribute('data-rpc-url')], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      }).then(function () {
        P.say('network-status', 'The local network is in your wallet. Test USDC is held by the development wallet ' + document.getElementById('dev-wallet-address').textContent + '; fund your own account with npm run cert -- chain fund.');
      }, function (err) { P.say('network-status', P.walletError(err), 'bad'); });
    });
  }

  var connectBtn = document.getElementById('connect-wallet');
  connectBtn.hidden = false;
  connectBtn.addEventListener('click', function () {
    P.say('wallet-status', 'Asking your wallet for an account…');
    P.connect().then(function (account) {
      var form = document.getElementById('wallet-form');
      document.getElementById('wallet').value = account;
      form.submit();
    }, function (err) { P.say('wallet-status', P.walletError(err), 'bad'); });
  });

  var challenge = document.getElementById('challenge');
  if (!challenge) return;
  var signBtn = document.getElementById('sign-with-wallet');
  signBtn.hidden = false;
  signBtn.addEventListener('click', function () {
    var wallet = challenge.getAttribute('data-wallet');
    var message = document.getElementById('challenge-message').textContent;
    signBtn.disabled = true;
    P.say('sign-status', 'Waiting for your wallet to sign…');
    P.connect()
      .then(function (account) {
        if (account.toLowerCase() !== wallet.toLowerCase()) throw new Error('Your wallet is on account ' + account + ', but this message is for ' + wallet + '. Switch accounts or start again with that address.');
        return P.provider().request({ method: 'personal_sign', params: [P.utf8Hex(message), account] });
      })
      .then(function (signature) {
        document.getElementById('signature').value = signature;
        P.say('sign-status', 'Signed. Verifying…');
        document.getElementById('verify-form').submit();
      })
      .catch(function (err) {
        signBtn.disabled = false;
        P.say('sign-status', P.walletError(err), 'bad');
      });
  });
})();
