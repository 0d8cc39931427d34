// Starts the site's app on a page the server has painted. The page reads and its links work without the app,
// so the app's scripts are fetched once the first screen (stylesheets, first images) has arrived, instead of
// competing with it on a slow line; a page whose images never finish starts after 3 s anyway. A classic
// script file: the site's Content-Security-Policy allows no inline script.
(() => {
  const tag = document.currentScript;
  const entry = tag?.getAttribute('data-entry');
  if (!entry) return;
  const preloads = (tag.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The entry's imports, fetched side by side rather than one import after another.
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  };
  // A button pressed before the app is live (a tap, or Enter on it) is kept, the app started at once, and the
  // press replayed when the app has taken the page over: the painted buttons are the live ones then. Links and
  // submit buttons are left to the browser: they work without the app.
  // A signed-in visitor's page is drawn afresh rather than taken over: the pressed node is then gone, and its
  // twin (same kind, same words, same place among those alike) is looked for in the new page for a moment.
  const signature = (el) =>
    el instanceof HTMLSelectElement ? [...el.options].map((o) => o.value).join('|') : `${el.textContent}|${el.getAttribute('aria-label') ?? ''}`;
  const alike = (el) => [...document.querySelectorAll(`#root ${el.localName}`)].filter((o) => signature(o) === signature(el));
  const remember = (el) => ({ el, tag: el.localName, sig: signature(el), nth: alike(el).indexOf(el) });
  const find = (kept, tries, use) => {
    const twin = kept.el.isConnected
      ? kept.el
      : [...document.querySelectorAll(`#root ${kept.tag}`)].filter((o) => signature(o) === kept.sig)[Math.max(kept.nth, 0)];
    if (twin) use(twin);
    else if (tries > 0) setTimeout(() => find(kept, tries - 1, use), 100);
  };
  let pressed = null;
  const onClick = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.type === 'submit' || !button.closest('#root')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pressed = remember(button);
    start();
  };
  document.addEventListener('click', onClick, true);
  // A choice made in a select (the language, the gallery's order) likewise: hydration puts back the value the
  // page was painted with, so the choice is made again once the app is live.
  let chosen = null;
  const onChange = (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || !select.closest('#root')) return;
    chosen = { ...remember(select), value: select.value };
    start();
  };
  document.addEventListener('change', onChange, true);
  const live = new MutationObserver(() => {
    if (!document.documentElement.dataset.app) return;
    live.disconnect();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('change', onChange, true);
    if (pressed)
      find(pressed, 20, (button) => {
        if (!button.disabled) button.click();
      });
    if (chosen) {
      const { value } = chosen;
      find(chosen, 20, (select) => {
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    }
  });
  live.observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] });

  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start);
    setTimeout(start, 3000);
  }
})();
