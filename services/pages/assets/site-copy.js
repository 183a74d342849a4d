// Progressive enhancement for the certificate page: a Copy button next to each text to copy
// (the text stays selectable without JavaScript). Announced through an aria-live status.
(function () {
  'use strict';
  for (const box of document.querySelectorAll('.copybox')) {
    const source = box.querySelector('textarea');
    if (!source) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'secondary';
    button.textContent = 'Copy';
    const label = box.querySelector('label');
    button.setAttribute('aria-label', 'Copy ' + (label ? label.textContent : 'text'));
    const status = document.createElement('span');
    status.className = 'copy-status';
    status.setAttribute('aria-live', 'polite');
    button.addEventListener('click', function () {
      source.focus();
      source.select();
      const done = function (msg) {
        status.textContent = msg;
      };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(source.value).then(
          function () {
            done('Copied');
          },
          function () {
            done('Selected: press Ctrl+C (or Cmd+C) to copy');
          },
        );
      } else {
        done('Selected: press Ctrl+C (or Cmd+C) to copy');
      }
    });
    box.appendChild(button);
    box.appendChild(status);
  }
})();
