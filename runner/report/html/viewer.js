// @ts-check
// The HTML report's script, inlined into the page: the fixture list's filters, and the game viewer of each
// failure, built when its section is first opened. Text goes into the page only as text nodes (textContent),
// never as markup. Type-checked against view-types.ts by runner/report/html/tsconfig.json.
(() => {
  /** @typedef {import('./view-types.ts').ReportData} ReportData */
  /** @typedef {import('./view-types.ts').GameView} GameView */
  /** @typedef {import('../../../reference/types.ts').GameEvent} GameEvent */

  /**
   * The board after a step, as the reference engine's events lay it out.
   * @typedef {{ dealer: number | null, table: string[], hands: string[][], piles: string[][], sweeps: number[],
   *   totals: number[], points: number[] | null, result: string | null, seat: number | null }} Board
   */

  const dataElement = document.getElementById('report-data');
  /** @type {ReportData} */
  const data = JSON.parse(dataElement?.textContent ?? '{"games":[]}');

  /**
   * An element with text content and a class.
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {string} [className]
   * @param {string} [text]
   */
  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className !== undefined) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  // ---------------------------------------------------------------------------------------------------------
  // The fixture list: one outcome at a time, and a text filter.

  function setUpFilters() {
    const buttons = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll('.filters button[data-filter]')]);
    const search = /** @type {HTMLInputElement | null} */ (document.getElementById('fixture-search'));
    const rows = /** @type {HTMLTableRowElement[]} */ ([...document.querySelectorAll('table.fixtures tbody tr')]);
    const count = document.getElementById('fixture-count');
    let status = 'all';
    const apply = () => {
      const text = (search?.value ?? '').trim().toLowerCase();
      let shown = 0;
      for (const row of rows) {
        const visible = (status === 'all' || row.dataset.status === status) && (text === '' || (row.textContent ?? '').toLowerCase().includes(text));
        row.hidden = !visible;
        if (visible) shown++;
      }
      if (count !== null) count.textContent = `${shown} of ${rows.length} fixtures shown`;
    };
    for (const button of buttons) {
      button.addEventListener('click', () => {
        status = button.dataset.filter ?? 'all';
        for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
        apply();
      });
    }
    search?.addEventListener('input', apply);
    apply();
  }

  // ---------------------------------------------------------------------------------------------------------
  // The board, step by step, from the reference engine's events.

  /**
   * @param {string[]} list
   * @param {readonly string[]} cards
   */
  function removeCards(list, cards) {
    for (const card of cards) {
      const at = list.indexOf(card);
      if (at >= 0) list.splice(at, 1);
    }
  }

  /**
   * @param {Board} board
   * @param {GameEvent} event
   * @param {number} sides
   */
  function apply(board, event, sides) {
    switch (event.type) {
      case 'deal':
        if (event.deal === 1) {
          board.table = [];
          board.hands = board.hands.map(() => []);
          board.piles = board.piles.map(() => []);
          board.sweeps = board.sweeps.map(() => 0);
          board.points = null;
        }
        board.dealer = event.dealer;
        event.hands.forEach((hand, seat) => board.hands[seat]?.push(...hand));
        board.table.push(...(event.table ?? []));
        break;
      case 'redeal':
        board.table = [...event.table];
        break;
      case 'table-bonus':
        removeCards(board.table, event.cards);
        board.piles[event.seat]?.push(...event.cards);
        board.seat = event.seat;
        break;
      case 'capture':
        removeCards(board.hands[event.seat] ?? [], [event.card]);
        removeCards(board.table, event.captured);
        board.piles[event.seat]?.push(event.card, ...event.captured);
        board.seat = event.seat;
        break;
      case 'trail':
        removeCards(board.hands[event.seat] ?? [], [event.card]);
        board.table.push(event.card);
        board.seat = event.seat;
        break;
      case 'sweep':
        board.sweeps[event.seat] = (board.sweeps[event.seat] ?? 0) + 1;
        break;
      case 'remainder':
        removeCards(board.table, event.cards);
        if (event.seat !== null) board.piles[event.seat]?.push(...event.cards);
        break;
      case 'round-end':
        board.points = [...event.points];
        board.totals = [...event.totals];
        break;
      case 'game-end':
        board.totals = [...event.totals];
        board.result = event.winner === null ? `a draw (${event.reason})` : `side ${event.winner} wins (${event.reason})`;
        break;
      case 'award':
        break;
    }
    if (board.totals.length !== sides) board.totals = Array.from({ length: sides }, (_, side) => board.totals[side] ?? 0);
  }

  /**
   * The board after each step.
   * @param {GameView} game
   * @returns {Board[]}
   */
  function boardsOf(game) {
    /** @type {Board} */
    const board = {
      dealer: null,
      table: [],
      hands: Array.from({ length: game.players }, () => []),
      piles: Array.from({ length: game.players }, () => []),
      sweeps: Array.from({ length: game.players }, () => 0),
      totals: Array.from({ length: game.sides }, () => 0),
      points: null,
      result: null,
      seat: null,
    };
    const boards = [];
    let next = 0;
    const events = game.reference.data;
    const steps = game.reference.events;
    for (let step = 0; step < game.steps.length; step++) {
      board.seat = null;
      for (; next < events.length && (steps[next]?.step ?? Infinity) <= step; next++) apply(board, /** @type {GameEvent} */ (events[next]), game.sides);
      boards.push(/** @type {Board} */ (structuredClone(board)));
    }
    return boards;
  }

  // ---------------------------------------------------------------------------------------------------------
  // The viewer

  /** @param {readonly string[]} cards */
  function cardRow(cards) {
    const row = element('div', 'cards');
    if (cards.length === 0) row.append(element('span', 'muted', 'none'));
    for (const card of cards) row.append(element('span', `card suit-${card.slice(-1)}`, card));
    return row;
  }

  /**
   * @param {string} title
   * @param {...Node} children
   */
  function panel(title, ...children) {
    const box = element('div', 'panel');
    box.append(element('h4', undefined, title), ...children);
    return box;
  }

  /**
   * @param {Board} board
   * @param {GameView} game
   */
  function renderBoard(board, game) {
    const grid = element('div', 'board');
    grid.append(panel('table', cardRow(board.table)));
    for (let seat = 0; seat < game.players; seat++) {
      const pile = board.piles[seat] ?? [];
      const sweeps = board.sweeps[seat] ?? 0;
      const box = panel(
        `seat ${seat} (side ${seat % game.sides})${board.dealer === seat ? ', dealer' : ''}`,
        element('div', 'muted', 'hand'),
        cardRow(board.hands[seat] ?? []),
        element('div', 'muted', `captured this round: ${pile.length} card${pile.length === 1 ? '' : 's'}${sweeps > 0 ? `, ${sweeps} sweep${sweeps === 1 ? '' : 's'}` : ''}`),
        cardRow(pile),
      );
      if (board.seat === seat) box.classList.add('played');
      grid.append(box);
    }
    const scores = element('table', 'scores');
    for (let side = 0; side < game.sides; side++) {
      const row = element('tr');
      const points = board.points?.[side];
      row.append(element('td', undefined, `side ${side}`), element('td', undefined, `${board.totals[side] ?? 0}`), element('td', 'muted', points === undefined ? '' : `this round +${points}`));
      scores.append(row);
    }
    grid.append(panel('scores', scores, element('div', 'muted', board.result ?? '')));
    return grid;
  }

  /**
   * The events of one stream at a step, the engine's event at a divergence marked.
   * @param {string} title
   * @param {import('./view-types.ts').ViewStream} stream
   * @param {number} step
   * @param {ReadonlySet<number>} marked indexes of events to mark
   */
  function eventColumn(title, stream, step, marked) {
    const list = element('ol', 'events');
    stream.events.forEach((event, index) => {
      if (event.step !== step) return;
      const item = element('li', marked.has(index) ? 'at-divergence' : undefined, event.text);
      item.value = index;
      list.append(item);
    });
    if (stream.refusal?.step === step) list.append(element('li', 'refusal', stream.refusal.text));
    if (list.childElementCount === 0) list.append(element('li', 'muted', 'no events'));
    return panel(title, list);
  }

  /**
   * @param {HTMLElement} mount
   * @param {GameView} game
   */
  function mountViewer(mount, game) {
    const boards = boardsOf(game);
    const last = game.steps.length - 1;
    let at = 0;

    const controls = element('div', 'controls');
    /**
     * @param {string} text
     * @param {string} label
     * @param {() => number} target
     */
    const button = (text, label, target) => {
      const made = element('button', undefined, text);
      made.setAttribute('type', 'button');
      made.setAttribute('aria-label', label);
      made.addEventListener('click', () => show(target()));
      controls.append(made);
      return made;
    };
    button('« first', 'first step', () => 0);
    button('‹ previous', 'previous step', () => at - 1);
    button('next ›', 'next step', () => at + 1);
    button('last »', 'last step', () => last);
    const slider = element('input');
    slider.type = 'range';
    slider.min = '0';
    slider.max = String(last);
    slider.setAttribute('aria-label', 'step');
    slider.addEventListener('input', () => show(Number(slider.value)));
    controls.append(slider);
    for (const finding of game.findings) {
      const step = game.steps[finding.step];
      const where = step === undefined ? '' : ` (round ${step.round}${step.play > 0 ? `, play ${step.play}` : ''})`;
      button(`divergence: ${finding.rule}${where}`, `go to the divergence of ${finding.rule}`, () => finding.step).classList.add('divergence');
    }
    const label = element('div', 'step-label');
    const body = element('div');
    mount.replaceChildren(controls, label, body);
    mount.tabIndex = 0;
    mount.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowRight') show(at + 1);
      else if (event.key === 'ArrowLeft') show(at - 1);
      else return;
      event.preventDefault();
    });

    /** @param {number} step */
    function show(step) {
      at = Math.max(0, Math.min(last, step));
      slider.value = String(at);
      const findings = game.findings.filter((finding) => finding.step === at);
      label.textContent = `step ${at + 1} of ${last + 1}: ${game.steps[at]?.label ?? ''}${findings.length > 0 ? ' (divergence)' : ''}`;
      label.classList.toggle('diverges', findings.length > 0);
      const marked = new Set(findings.map((finding) => finding.eventIndex));
      const columns = element('div', 'columns');
      columns.append(eventColumn('expected: the reference engine plays the inputs', game.reference, at, new Set()), eventColumn('actual: the engine under test', game.engine, at, marked));
      body.replaceChildren(renderBoard(/** @type {Board} */ (boards[at]), game), columns, ...findings.map(divergenceBox));
    }

    show(0);
  }

  /** @param {import('./view-types.ts').ViewFinding} finding */
  function divergenceBox(finding) {
    const box = element('div', 'divergence-box');
    box.append(element('strong', undefined, `${finding.name}${finding.about === undefined ? '' : `: ${finding.about}`}`), element('span', 'muted', ` (${finding.link})`));
    const sides = element('div', 'sides');
    const expected = element('div', 'side expected');
    expected.append(element('b', undefined, 'expected'), document.createTextNode(finding.expected));
    const actual = element('div', 'side actual');
    actual.append(element('b', undefined, 'actual'), document.createTextNode(finding.actual));
    sides.append(expected, actual);
    const details = element('details');
    details.append(element('summary', undefined, 'the full report'), element('pre', 'report', finding.report));
    box.append(sides, details);
    return box;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Failure sections: a viewer is built when its section is first opened; a link to a section opens it.

  function setUpViewers() {
    for (const mount of /** @type {HTMLElement[]} */ ([...document.querySelectorAll('.viewer[data-game]')])) {
      const section = mount.closest('details');
      const game = data.games[Number(mount.dataset.game)];
      if (section === null || game === undefined) continue;
      const build = () => {
        if (section.open && mount.childElementCount === 0) mountViewer(mount, game);
      };
      section.addEventListener('toggle', build);
      build();
    }
  }

  function openLinked() {
    const target = location.hash === '' ? null : document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target instanceof HTMLDetailsElement) {
      target.open = true;
      target.scrollIntoView();
    }
  }

  setUpFilters();
  setUpViewers();
  window.addEventListener('hashchange', openLinked);
  openLinked();
})();
