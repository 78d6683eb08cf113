// The Here Comes Pokémon! board (来啦！宝可梦): draws the kernel's view, sends intents back.
// A thin view: every rule is checked in Python; this file only renders and asks.

const COLOURS = ["red", "blue", "green", "yellow", "purple"];

const T = {
  en: {
    title: "Here Comes Pokémon!",
    round: "Round", wave: "Wave", leader: "Leader", you: "you", bag: "The bag",
    left: "left", orderCard: "Order card", yourHand: "Your hand", odds: "Odds of your hand",
    oddsHint: "Exact chance each card is achieved, given the tokens shown; the faint bar is the previous wave.",
    showOdds: "odds", advisor: "advisor", mc: "Monte Carlo", undo: "Undo", newGame: "New game",
    drawWave: (w, k) => `Draw wave ${w} (${k} token${k === 1 ? "" : "s"})`,
    drawRedraw: "Draw a new token for order card 4",
    youLead: "You are the leader.",
    botDraws: (who, w) => `${who} (leader) is drawing wave ${w}…`,
    botRedraws: (who) => `${who} (leader) is drawing a new token for order card 4…`,
    chooseDiscard: (w) => `Wave ${w} is out. Choose one card to discard face down.`,
    waitingFor: (names) => `Waiting for ${names}.`,
    youDiscarded: "You have chosen your discard.",
    vote: "All 10 tokens are out. Put the token on order card 4 back and draw again?",
    voteAll: "The redraw happens only if every player agrees (HC-R4).",
    voteLeader: "The leader's vote decides (variant).",
    yes: "Yes, redraw", no: "No, keep it",
    youVoted: (a) => `You voted ${a ? "for" : "against"} the redraw.`,
    keepTwo: "Both your cards are achieved! Keep one to score (HC-R6).",
    keep: "Keep", discard: "Discard", setAside: "Misty: set aside",
    over: "Game over.", winners: (n) => `Winner: ${n}`, byLegend: "a legend card won the game (HC-G1)",
    points: "pts", point: "pt", scored: "scored", cards: "cards", handSize: (n) => `${n} cards in hand`,
    chosen: "has chosen", thinking: "to choose",
    trainer: "Trainer", usedRound: "used this round", usedGame: "used this game",
    summary: (r) => `Round ${r}: what happened`, tokens: "Final tokens", returned: "returned to the bag",
    achieved: "achieved", failed: "not achieved", kept: "scores", gained: (n) => `+${n} points`,
    nothing: "no card scored",
    advice: "Advisor", best: "best", cost: "costs", expected: "expected points this round",
    adviceDiscard: (name, v) => `Discard ${name}: ${v} expected points this round.`,
    adviceVote: (g) => g > 0 ? `Vote yes: a redraw adds ${g} expected points for you.` : `Vote no: a redraw would change your expected points by ${g}.`,
    adviceKeep: (name) => `Keep ${name}: it is worth more.`,
    handEv: (v) => `Your two cards are worth ${v} expected points this round (at most one scores).`,
    ifRedrawn: "if redrawn",
    teacher: "Teacher view", hand: "hand", pendingChoice: "face-down choice", reason: "last decision",
    oddsAtThatMoment: "chances then", log: "Move log", seen: "You looked at", rule: "Rule",
    loading: "loading plotly…", none: "—",
    phase: { draw: "drawing", discard: "discarding", vote: "redraw vote", redraw: "redrawing", keep: "keeping", over: "over" },
    legendNote: "legend: worth a win (10)",
    lastIs: (c) => `last token ${c}`, never: (c) => `no ${c}`, all: (c, n) => `all ${n} ${c}`,
  },
  zh: {
    title: "来啦！宝可梦",
    round: "第", wave: "波", leader: "领队", you: "你", bag: "布袋",
    left: "枚剩余", orderCard: "顺序卡", yourHand: "你的手牌", odds: "手牌的概率",
    oddsHint: "根据已抽出的代币，每张卡达成的精确概率；浅色条是上一波的数值。",
    showOdds: "概率", advisor: "参谋", mc: "蒙特卡洛", undo: "撤销", newGame: "新游戏",
    drawWave: (w, k) => `抽第 ${w} 波（${k} 枚）`,
    drawRedraw: "为 4 号顺序卡重新抽 1 枚",
    youLead: "你是领队。",
    botDraws: (who, w) => `${who}（领队）正在抽第 ${w} 波……`,
    botRedraws: (who) => `${who}（领队）正在为 4 号顺序卡重新抽代币……`,
    chooseDiscard: (w) => `第 ${w} 波已抽出。请面朝下弃掉 1 张牌。`,
    waitingFor: (names) => `等待 ${names}。`,
    youDiscarded: "你已选好要弃的牌。",
    vote: "10 枚代币都已抽出。要把 4 号顺序卡上的代币放回布袋重抽吗？",
    voteAll: "只有所有玩家都同意才会重抽（HC-R4）。",
    voteLeader: "由领队决定（变体规则）。",
    yes: "同意重抽", no: "不重抽",
    youVoted: (a) => `你${a ? "同意" : "不同意"}重抽。`,
    keepTwo: "两张卡都达成了！请保留一张计分（HC-R6）。",
    keep: "保留", discard: "弃掉", setAside: "小霞：额外弃牌",
    over: "游戏结束。", winners: (n) => `获胜：${n}`, byLegend: "传说卡直接获胜（HC-G1）",
    points: "分", point: "分", scored: "已计分", cards: "张", handSize: (n) => `手牌 ${n} 张`,
    chosen: "已选择", thinking: "待选择",
    trainer: "训练师", usedRound: "本轮已用", usedGame: "本局已用",
    summary: (r) => `第 ${r} 轮回顾`, tokens: "最终代币", returned: "放回布袋",
    achieved: "达成", failed: "未达成", kept: "计分", gained: (n) => `+${n} 分`,
    nothing: "没有卡计分",
    advice: "参谋", best: "最佳", cost: "损失", expected: "本轮期望分数",
    adviceDiscard: (name, v) => `弃掉 ${name}：本轮期望 ${v} 分。`,
    adviceVote: (g) => g > 0 ? `投同意：重抽让你的期望分数增加 ${g}。` : `投不同意：重抽会让你的期望分数变化 ${g}。`,
    adviceKeep: (name) => `保留 ${name}：它的分数更高。`,
    handEv: (v) => `你的两张卡本轮期望得 ${v} 分（最多一张计分）。`,
    ifRedrawn: "若重抽",
    teacher: "教师视图", hand: "手牌", pendingChoice: "面朝下的选择", reason: "最近的决定",
    oddsAtThatMoment: "当时的概率", log: "行动记录", seen: "你查看过", rule: "规则",
    loading: "正在加载 plotly……", none: "—",
    phase: { draw: "抽代币", discard: "弃牌", vote: "重抽投票", redraw: "重抽", keep: "选择计分卡", over: "结束" },
    legendNote: "传说卡：相当于获胜（10）",
    lastIs: (c) => `最后一枚${c}`, never: (c) => `没有${c}`, all: (c, n) => `${n} 枚${c}全部抽出`,
  },
};
const COLOUR_NAMES = {
  en: { red: "red", blue: "blue", green: "green", yellow: "yellow", purple: "purple" },
  zh: { red: "红色", blue: "蓝色", green: "绿色", yellow: "黄色", purple: "紫色" },
};
const WAVES = [4, 3, 2, 1];

function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
function pct(p) {
  if (p === null || p === undefined) return "";
  if (p > 0 && p < 0.005) return "<1%";
  return `${Math.round(p * 100)}%`;
}
function num(x, d = 2) { return (Math.round(x * 10 ** d) / 10 ** d).toFixed(d); }
function intentAttr(obj) { return esc(JSON.stringify(obj)); }

// ----------------------------------------------------------------- plotly.js, served by the kernel
function loadPlotly(model) {
  if (globalThis.Plotly) return Promise.resolve(globalThis.Plotly);
  if (!globalThis.__pokelabPlotly) {
    globalThis.__pokelabPlotly = new Promise((resolve, reject) => {
      const onMsg = (msg, buffers) => {
        if (!msg || msg.type !== "plotly_js") return;
        model.off("msg:custom", onMsg);
        try {
          const buf = buffers && buffers[0];
          const bytes = buf instanceof DataView
            ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)
            : new Uint8Array(buf.buffer ? buf.buffer : buf);
          const source = new TextDecoder().decode(bytes);
          const module = { exports: {} };
          new Function("module", "exports", source)(module, module.exports);
          resolve(globalThis.Plotly || module.exports);
        } catch (err) {
          globalThis.__pokelabPlotly = null;
          reject(err);
        }
      };
      model.on("msg:custom", onMsg);
      model.send({ type: "plotly_js" });
    });
  }
  return globalThis.__pokelabPlotly;
}

// ----------------------------------------------------------------- small pieces
function token(colour, extra = "") {
  return `<span class="hc-tok hc-${esc(colour)} ${extra}" title="${esc(colour)}"></span>`;
}

function condIcons(code, composition, lang) {
  const names = COLOUR_NAMES[lang];
  return code.split("&").map((part) => {
    const [kind, colour] = part.trim().split(":");
    const cname = names[colour] || colour;
    if (kind === "last") {
      return `<span class="hc-ic hc-ic-last" title="${esc(T[lang].lastIs(cname))}"><b>4</b>${token(colour)}</span>`;
    }
    if (kind === "never") {
      return `<span class="hc-ic hc-ic-never" title="${esc(T[lang].never(cname))}">${token(colour, "hc-struck")}</span>`;
    }
    const n = composition[colour] ?? "";
    return `<span class="hc-ic hc-ic-all" title="${esc(T[lang].all(cname, n))}">${token(colour)}<b>×${n}</b></span>`;
  }).join("");
}

function cardName(card, lang) { return lang === "zh" ? card.name_zh : card.name_en; }

function cardHtml(card, ctx, opts = {}) {
  const { lang, view } = ctx;
  const t = T[lang];
  const comp = view.hc.composition;
  const kind = lang === "zh" ? card.kind_zh : card.kind;
  const cond = lang === "zh" ? card.condition_zh : card.condition_en;
  const odds = opts.odds;
  const classes = ["hc-card", `hc-kind-${card.kind}`];
  if (opts.state) classes.push(`hc-${opts.state}`);
  if (opts.best) classes.push("hc-best");
  if (opts.setAside) classes.push("hc-set-aside");
  if (opts.small) classes.push("hc-small");
  const pts = card.points === 1 ? t.point : t.points;
  let oddsLine = "";
  if (odds) {
    const trend = odds.prev === null || odds.prev === undefined ? ""
      : odds.p_float > odds.prev + 1e-9 ? `<span class="hc-up">▲</span>`
      : odds.p_float < odds.prev - 1e-9 ? `<span class="hc-down">▼</span>` : "";
    oddsLine = `<div class="hc-card-odds" title="${esc(odds.p_text)}"><b data-testid="odds-${esc(card.id)}">${pct(odds.p_float)}</b>${trend}
      <span class="hc-ev">${num(odds.ev)} ${esc(t.points)}</span></div>`;
  }
  const buttons = (opts.buttons || []).map((b) =>
    `<button class="hc-btn ${b.cls || ""}" data-testid="${esc(b.testid)}" data-intent="${intentAttr(b.intent)}">${esc(b.label)}</button>`).join("");
  return `<div class="${classes.join(" ")}" data-card="${esc(card.id)}">
    <div class="hc-card-top"><span class="hc-kind">${esc(kind)}</span><span class="hc-pts">${card.points}<small>${esc(pts)}</small></span></div>
    <div class="hc-card-name">${esc(cardName(card, lang))} <small class="hc-id">${esc(card.id)}</small></div>
    ${opts.small ? "" : `<div class="hc-cond">${condIcons(card.condition, comp, lang)}</div>`}
    <div class="hc-cond-words">${esc(cond)}</div>
    ${card.kind === "legend" && !opts.small ? `<div class="hc-legend-note">${esc(t.legendNote)}</div>` : ""}
    ${oddsLine}
    ${opts.why ? `<div class="hc-why">${esc(opts.why)}</div>` : ""}
    ${buttons ? `<div class="hc-card-actions">${buttons}</div>` : ""}
  </div>`;
}

function nameOf(view, seat) {
  const p = view.hc.players[seat];
  return p ? p.name : `#${seat}`;
}

// ----------------------------------------------------------------- sections
function headHtml(ctx) {
  const { view, lang, model } = ctx;
  const t = T[lang];
  const hc = view.hc;
  const status = lang === "zh"
    ? `第 ${hc.round} 轮 · 第 ${Math.min(hc.wave, 4)} 波 · ${t.phase[hc.phase] || hc.phase}`
    : `${t.round} ${hc.round} · ${t.wave} ${Math.min(hc.wave, 4)} · ${t.phase[hc.phase] || hc.phase}`;
  const toggle = (name, label) =>
    `<label class="hc-toggle"><input type="checkbox" data-toggle="${name}" ${model.get(name) ? "checked" : ""}/> ${esc(label)}</label>`;
  return `<div class="hc-title">${esc(t.title)} <span class="hc-status" data-testid="status">${esc(status)}</span></div>
    <div class="hc-controls">
      ${toggle("show_odds", t.showOdds)}${toggle("advisor", t.advisor)}${toggle("monte_carlo", t.mc)}
      <span class="hc-lang">
        <button class="hc-btn hc-flat ${lang === "en" ? "hc-on" : ""}" data-lang="en">EN</button><button class="hc-btn hc-flat ${lang === "zh" ? "hc-on" : ""}" data-lang="zh">中文</button>
      </span>
      <button class="hc-btn hc-flat" data-cmd="undo" ${model.get("can_undo") ? "" : "disabled"}>↶ ${esc(t.undo)}</button>
      <button class="hc-btn hc-flat" data-cmd="new_game">${esc(t.newGame)}</button>
    </div>`;
}

function promptHtml(ctx) {
  const { view, lang } = ctx;
  const t = T[lang];
  const hc = view.hc;
  const me = view.human;
  const leaderName = nameOf(view, hc.leader);
  const others = (hc.waiting_for || []).filter((s) => s !== me).map((s) => nameOf(view, s));
  let text = "";
  let buttons = "";
  if (hc.is_over) {
    const res = hc.result || { winners: [] };
    text = `${t.over} ${t.winners(res.winners.map((s) => nameOf(view, s)).join(lang === "zh" ? "、" : ", "))}${res.by_legend ? ` — ${t.byLegend}` : ""}`;
    buttons = `<button class="hc-btn hc-primary" data-cmd="new_game">${esc(t.newGame)}</button>`;
  } else if (hc.is_chance) {
    const redraw = hc.phase === "redraw";
    if (hc.leader === me) {
      const shown = hc.tokens.length;
      const need = WAVES[hc.wave - 1] - (shown - WAVES.slice(0, hc.wave - 1).reduce((a, b) => a + b, 0));
      text = t.youLead;
      buttons = `<button class="hc-btn hc-primary" data-testid="hc-draw" data-intent="${intentAttr({ kind: "draw" })}">${esc(redraw ? t.drawRedraw : t.drawWave(hc.wave, need))}</button>`;
    } else {
      text = redraw ? t.botRedraws(leaderName) : t.botDraws(leaderName, hc.wave);
    }
  } else if (hc.phase === "discard") {
    text = hc.must_act ? t.chooseDiscard(hc.wave) : t.youDiscarded;
    if (!hc.must_act && others.length) text += " " + t.waitingFor(others.join(lang === "zh" ? "、" : ", "));
  } else if (hc.phase === "vote") {
    if (hc.must_act) {
      text = `${t.vote} ${view.rules.redraw === "all" ? t.voteAll : t.voteLeader}`;
      buttons = `<button class="hc-btn hc-primary" data-testid="hc-vote-yes" data-intent="${intentAttr({ kind: "vote", agree: true })}">${esc(t.yes)}</button>
        <button class="hc-btn" data-testid="hc-vote-no" data-intent="${intentAttr({ kind: "vote", agree: false })}">${esc(t.no)}</button>`;
    } else {
      text = t.youVoted(hc.my_choice && hc.my_choice.vote);
    }
  } else if (hc.phase === "keep") {
    text = hc.must_act ? t.keepTwo : t.waitingFor(others.join(", "));
  }
  const trainerButtons = (view.trainer_actions || []).filter((a) => a.power !== "extra_discard").map((a) =>
    `<button class="hc-btn hc-trainer-btn" data-testid="trainer-${esc(a.power)}-${esc(a.target ?? "")}" data-intent="${intentAttr({ kind: "trainer", power: a.power, target: a.target })}">${esc(lang === "zh" ? a.zh : a.en)}</button>`).join("");
  return `<div class="hc-prompt-text">${esc(text)}</div><div class="hc-prompt-buttons">${buttons}${trainerButtons}</div>`;
}

function tableHtml(ctx) {
  const { view, lang } = ctx;
  const t = T[lang];
  const hc = view.hc;
  const bag = COLOURS.filter((c) => hc.composition[c] > 0).map((c) => {
    const left = hc.bag[c];
    const total = hc.composition[c];
    const dots = Array.from({ length: total }, (_, i) => token(c, i < left ? "" : "hc-gone")).join("");
    return `<div class="hc-bag-row" data-colour="${c}" data-left="${left}"><span class="hc-bag-dots">${dots}</span><b>${left}</b><small>/${total}</small></div>`;
  }).join("");
  let start = 0;
  const cards = WAVES.map((size, i) => {
    const toks = hc.order_cards[i] || [];
    const slots = Array.from({ length: size }, (_, j) => j < toks.length
      ? token(toks[j], "hc-big")
      : `<span class="hc-slot"></span>`).join("");
    const current = !hc.is_over && Math.min(hc.wave, 4) === i + 1 ? "hc-current" : "";
    const ret = i === 3 && hc.returned.length ? `<div class="hc-returned">↩ ${hc.returned.map((c) => token(c)).join("")} <small>${esc(t.returned)}</small></div>` : "";
    start += size;
    return `<div class="hc-order ${current}" data-testid="order-${i + 1}" data-tokens="${esc(toks.join(","))}"><div class="hc-order-num">${i + 1}</div><div class="hc-order-slots">${slots}</div>${ret}</div>`;
  }).join("");
  return `<div class="hc-bag" data-testid="bag"><h4>${esc(t.bag)} <small>${hc.bag_total} ${esc(t.left)}</small></h4>${bag}</div>
    <div class="hc-orders"><h4>${esc(t.orderCard)} 1–4</h4><div class="hc-order-row">${cards}</div></div>`;
}

function handHtml(ctx) {
  const { view, lang } = ctx;
  const t = T[lang];
  const hc = view.hc;
  const odds = {};
  (view.odds || []).forEach((o) => { odds[o.id] = o; });
  const advice = view.advice;
  const misty = {};
  (view.trainer_actions || []).filter((a) => a.power === "extra_discard").forEach((a) => { misty[a.target] = a; });
  const extra = hc.my_choice && hc.my_choice.extra_discard;
  const chosen = hc.my_choice && (hc.my_choice.discard || hc.my_choice.keep);
  const cards = hc.hand.map((card) => {
    const buttons = [];
    if (hc.phase === "discard" && hc.must_act && card.id !== extra) {
      buttons.push({ label: t.discard, testid: `discard-${card.id}`, intent: { kind: "discard", card: card.id }, cls: "hc-primary" });
    }
    if (misty[card.id]) {
      buttons.push({ label: t.setAside, testid: `misty-${card.id}`, intent: { kind: "trainer", power: "extra_discard", target: card.id }, cls: "hc-trainer-btn" });
    }
    if (hc.phase === "keep" && hc.must_act && hc.keep_options.includes(card.id)) {
      buttons.push({ label: t.keep, testid: `keep-${card.id}`, intent: { kind: "keep", card: card.id }, cls: "hc-primary" });
    }
    let state = "";
    if (hc.tokens.length === 10 && odds[card.id]) state = odds[card.id].p_float === 1 ? "achieved" : "failed";
    if (chosen === card.id) state = "chosen";
    const best = advice && (advice.kind === "discard" || advice.kind === "keep") && advice.best === card.id;
    let adviceLine = "";
    if (advice && advice.kind === "discard") {
      const o = advice.options.find((x) => x.card === card.id);
      if (o) adviceLine = best ? `${t.best}: ${num(o.value)}` : `${t.cost} ${num(o.cost, 3)}`;
    }
    return cardHtml(card, ctx, { odds: odds[card.id], buttons, state, best, setAside: extra === card.id, why: adviceLine });
  }).join("");
  const empty = hc.hand.length ? "" : `<div class="hc-muted">${esc(t.none)}</div>`;
  return `<h4>${esc(t.yourHand)}</h4><div class="hc-hand" data-testid="hand">${cards}${empty}</div>`;
}

function adviceHtml(ctx) {
  const { view, lang } = ctx;
  const t = T[lang];
  const a = view.advice;
  if (!ctx.model.get("advisor") || !a) return "";
  let body = "";
  const byId = {};
  view.hc.hand.forEach((c) => { byId[c.id] = c; });
  if (a && a.kind === "discard") {
    const rows = a.options.map((o) => `<tr class="${o.card === a.best ? "hc-best-row" : ""}"><td>${esc(byId[o.card] ? cardName(byId[o.card], lang) : o.card)}</td><td>${num(o.value, 3)}</td><td>${o.cost === 0 ? "✓" : "−" + num(o.cost, 3)}</td></tr>`).join("");
    body = `<div>${esc(t.adviceDiscard(byId[a.best] ? cardName(byId[a.best], lang) : a.best, num(a.value)))}</div>
      <table class="hc-table-advice"><thead><tr><th>${esc(t.discard)}</th><th>${esc(t.expected)}</th><th>${esc(t.cost)}</th></tr></thead><tbody>${rows}</tbody></table>`;
  } else if (a && a.kind === "vote") {
    body = esc(t.adviceVote(Number(num(a.gain, 3))));
  } else if (a && a.kind === "keep") {
    body = esc(t.adviceKeep(byId[a.best] ? cardName(byId[a.best], lang) : a.best));
  }
  return `<div class="hc-advice" data-testid="advice"><h4>${esc(t.advice)}</h4>${body}</div>`;
}

function playersHtml(ctx) {
  const { view, lang } = ctx;
  const t = T[lang];
  const hc = view.hc;
  return hc.players.map((p) => {
    const seat = view.seats[p.seat] || {};
    const waiting = (hc.waiting_for || []).includes(p.seat);
    const stepOpen = !hc.is_chance && !hc.is_over && (hc.waiting_for || []).length > 0;
    const status = stepOpen ? (waiting ? `<span class="hc-wait">… ${esc(t.thinking)}</span>` : `<span class="hc-done">✓ ${esc(t.chosen)}</span>`) : "";
    const tr = p.trainer;
    const trainer = tr ? `<div class="hc-trainer" title="${esc(lang === "zh" ? tr.text_zh : tr.text_en)}"><span class="hc-tag">${esc(t.trainer)}</span> ${esc(lang === "zh" ? tr.name_zh : tr.name_en)} <small>${esc(tr.rule)}</small>
        ${tr.uses_this_round || (tr.per_game && tr.uses_this_game) ? `<small class="hc-used">${esc(tr.per_game ? t.usedGame : t.usedRound)}</small>` : ""}
        <div class="hc-trainer-text">${esc(lang === "zh" ? tr.text_zh : tr.text_en)}</div></div>` : "";
    const scored = p.scored.map((c) => `<span class="hc-chip hc-kind-${c.kind}" title="${esc(lang === "zh" ? c.condition_zh : c.condition_en)}">${esc(cardName(c, lang))} ${c.points}</span>`).join("");
    return `<div class="hc-player ${p.seat === view.human ? "hc-me" : ""} ${p.is_leader ? "hc-leader" : ""}" data-testid="player-${p.seat}">
      <div class="hc-player-head"><b>${esc(p.name)}</b>${p.seat === view.human && p.name !== "You" && p.name !== "你" ? ` <small>(${esc(t.you)})</small>` : ""}${seat.bot ? ` <small class="hc-bot">${esc(seat.bot)}</small>` : ""}
        ${p.is_leader ? `<span class="hc-crown" title="${esc(t.leader)}">${esc(t.leader)}</span>` : ""}
        <span class="hc-score" data-testid="points-${p.seat}">${p.points} ${esc(t.points)}</span></div>
      <div class="hc-player-sub">${esc(t.handSize(p.hand_size))} ${status}</div>
      ${trainer}
      <div class="hc-scored">${scored}</div>
    </div>`;
  }).join("");
}

function summaryHtml(ctx) {
  const { view, lang } = ctx;
  const t = T[lang];
  const teacher = view.teacher;
  const last = (teacher && teacher.last_round) || view.hc.last_round;
  if (!last) return "";
  const toks = last.tokens.map((c, i) => token(c, i === last.tokens.length - 1 ? "hc-big hc-lasttok" : "")).join("");
  const returned = last.returned.length ? ` <small>↩ ${last.returned.map((c) => token(c)).join("")} ${esc(t.returned)}</small>` : "";
  const seats = last.seats.map((s) => {
    const name = nameOf(view, s.seat);
    const checked = (s.checked || []).map((c) => {
      const achieved = c.achieved;
      const kept = s.kept === c.card.id;
      return `<div class="hc-check ${achieved ? "hc-ok" : "hc-no"}">${achieved ? "✔" : "✘"} <b>${esc(cardName(c.card, lang))}</b> — ${esc(lang === "zh" ? c.card.condition_zh : c.card.condition_en)}: <i>${esc(lang === "zh" ? c.why_zh : c.why_en)}</i>${kept ? ` <span class="hc-kept">★ ${esc(t.kept)}</span>` : ""}</div>`;
    }).join("");
    const result = s.kept_card ? `${esc(t.kept)}: ${esc(cardName(s.kept_card, lang))} (${esc(t.gained(s.gained))})` : esc(t.nothing);
    return `<div class="hc-sum-seat" data-testid="summary-${s.seat}"><div><b>${esc(name)}</b> — ${result}</div>${checked}</div>`;
  }).join("");
  const events = (last.events || []).map((e) => `<li>${esc(lang === "zh" ? e.zh : e.en)}</li>`).join("");
  return `<h4>${esc(t.summary(last.round))}</h4>
    <div class="hc-sum-tokens">${esc(t.tokens)}: ${toks}${returned}</div>
    ${events ? `<ul class="hc-events">${events}</ul>` : ""}
    <div class="hc-sum-seats">${seats}</div>`;
}

function teacherHtml(ctx) {
  const { view, lang } = ctx;
  const t = T[lang];
  const tv = view.teacher;
  if (!tv) return "";
  const seats = tv.seats.map((s) => {
    const name = nameOf(view, s.seat);
    const hand = s.hand.map((r) => `<span class="hc-chip hc-kind-${r.kind}" title="${esc(r.p_text)}">${esc(r.id)} ${pct(r.p_float)}${r.set_aside ? " ✂" : ""}</span>`).join("");
    const pend = s.pending ? Object.entries(s.pending).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => `${k}: ${v}`).join("; ") : "";
    let reason = "";
    if (s.reason) {
      const r = s.reason;
      const oddsThen = r.odds.map((o) => `${o.id} ${pct(o.p_float)}`).join(", ");
      let adv = "";
      if (r.advice && r.advice.kind === "discard") adv = ` · ${t.advice}: ${t.discard} ${r.advice.best} (${num(r.advice.value)})`;
      if (r.advice && r.advice.kind === "vote") adv = ` · ${t.advice}: ${num(r.advice.gain, 3)}`;
      reason = `<div class="hc-reason">${esc(t.reason)}: <b>${esc(lang === "zh" ? r.zh : r.en)}</b><br><small>${esc(t.oddsAtThatMoment)}: ${esc(oddsThen)}${esc(adv)}</small></div>`;
    }
    return `<div class="hc-teacher-seat" data-testid="teacher-${s.seat}"><b>${esc(name)}</b>${s.bot ? ` <small class="hc-bot">${esc(s.bot)}</small>` : ""}
      <div>${esc(t.hand)}: ${hand}</div>${pend ? `<div>${esc(t.pendingChoice)}: <code>${esc(pend)}</code></div>` : ""}${reason}</div>`;
  }).join("");
  return `<h4>${esc(t.teacher)}</h4><div class="hc-teacher-seats">${seats}</div>`;
}

function logHtml(ctx) {
  const { model, lang } = ctx;
  const t = T[lang];
  const log = model.get("log") || [];
  const items = log.slice(-40).map((e) => `<li class="${e.bot ? "hc-log-bot" : "hc-log-me"}">${esc(lang === "zh" ? e.zh : e.en)}</li>`).join("");
  return `<summary>${esc(t.log)} (${log.length})</summary><ol class="hc-log-list">${items}</ol>`;
}

function seenHtml(ctx) {
  const { view, lang } = ctx;
  const seen = view.hc.seen_discards || [];
  if (!seen.length) return "";
  return `<div class="hc-seen">${esc(T[lang].seen)}: ${seen.map((s) => `${esc(nameOf(view, s.player))} → <b>${esc(cardName(s.card, lang))}</b>`).join("; ")}</div>`;
}

// ----------------------------------------------------------------- the widget
function render({ model, el }) {
  el.classList.add("hc-root");
  el.innerHTML = `<div class="hc-board" data-testid="hc-board">
    <header class="hc-head"></header>
    <div class="hc-prompt" data-testid="prompt"></div>
    <div class="hc-error" role="alert" data-testid="error" hidden></div>
    <section class="hc-table"></section>
    <section class="hc-main">
      <div class="hc-handbox"><div class="hc-handwrap"></div><div class="hc-seenwrap"></div><div class="hc-advicewrap"></div></div>
      <div class="hc-oddsbox"><h4 class="hc-odds-title"></h4><div class="hc-legend"></div><div class="hc-plot" data-testid="odds-plot"></div><div class="hc-handev"></div><div class="hc-odds-hint"></div></div>
    </section>
    <section class="hc-players"></section>
    <section class="hc-summary" data-testid="summary"></section>
    <section class="hc-teacher" data-testid="teacher"></section>
    <details class="hc-log"></details>
  </div>`;
  const root = el.querySelector(".hc-board");
  const part = (sel) => root.querySelector(sel);
  const plotDiv = part(".hc-plot");
  let stepTimer = null;
  let nextId = 1;
  const pending = new Set();
  let plotly = null;
  let lastFigure = null;

  const lang = () => (model.get("lang") === "zh" ? "zh" : "en");

  function send(msg) {
    const id = nextId++;
    pending.add(id);
    root.classList.add("hc-busy");
    model.send({ ...msg, id });
  }

  function onCustom(msg) {
    if (msg && msg.type === "reply") {
      pending.delete(msg.id);
      if (!pending.size) root.classList.remove("hc-busy");
    }
  }
  model.on("msg:custom", onCustom);
  // For benchmarks: the round trip of a message the kernel answers without changing anything.
  root.hcPing = () => new Promise((resolve) => {
    const id = `ping-${nextId++}`;
    const start = performance.now();
    const onReply = (msg) => {
      if (msg && msg.id === id) { model.off("msg:custom", onReply); resolve(performance.now() - start); }
    };
    model.on("msg:custom", onReply);
    model.send({ type: "step", revision: -1, id });
  });

  function schedule() {
    clearTimeout(stepTimer);
    const view = model.get("view") || {};
    if (view.bot_to_move && !view.over) {
      const revision = view.revision;
      stepTimer = setTimeout(() => model.send({ type: "step", revision }), model.get("bot_delay"));
    }
  }

  function themedLayout(layout) {
    const cs = getComputedStyle(root);
    const fg = cs.getPropertyValue("--jp-ui-font-color1").trim() || "#1f2328";
    const fg2 = cs.getPropertyValue("--jp-ui-font-color2").trim() || "#555";
    const grid = cs.getPropertyValue("--jp-border-color2").trim() || "#e0e0e0";
    const family = cs.getPropertyValue("--jp-ui-font-family").trim() || "system-ui, sans-serif";
    const out = { ...layout, font: { ...(layout.font || {}), color: fg, family } };
    for (const axis of ["xaxis", "xaxis2", "yaxis"]) {
      if (out[axis]) out[axis] = { ...out[axis], gridcolor: grid, linecolor: grid, tickfont: { color: axis === "yaxis" ? fg : fg2 } };
    }
    out.autosize = true;
    delete out.width;
    return out;
  }

  function drawFigure() {
    const fig = model.get("figure") || {};
    const show = model.get("show_odds");
    part(".hc-oddsbox").hidden = !show;
    if (!show || !fig.data) {
      plotDiv.dataset.rev = String((model.get("view") || {}).revision ?? "");
      return;
    }
    if (!plotly) {
      plotDiv.dataset.loading = "1";
      if (!plotDiv.firstChild) plotDiv.innerHTML = `<div class="hc-muted">${esc(T[lang()].loading)}</div>`;
      loadPlotly(model).then((P) => { plotly = P; plotDiv.innerHTML = ""; delete plotDiv.dataset.loading; drawFigure(); })
        .catch((err) => { plotDiv.innerHTML = `<div class="hc-error">plotly: ${esc(err)}</div>`; });
      return;
    }
    lastFigure = fig;
    const meta = fig.meta || {};
    drawLegend(fig);
    const fg = getComputedStyle(root).getPropertyValue("--jp-ui-font-color1").trim() || "#1f2328";
    const data = fig.data.map((t) => (t.type === "bar" && t.text ? { ...t, outsidetextfont: { color: fg, size: 11 } } : t));
    plotly.react(plotDiv, data, themedLayout(fig.layout), { displayModeBar: false })
      .then(() => {
        if (lastFigure === fig) {
          root.hcTiming.plotted = performance.now();
          plotDiv.dataset.rev = String(meta.revision);
          plotDiv.dataset.tokens = String(meta.tokens);
        }
      });
  }

  function drawLegend(fig) {
    const seen = new Set();
    const items = [];
    const names = new Set(["chance", "概率", "expected points", "期望分数", "previous position", "上一波的位置"]);
    for (const trace of fig.data) {
      if (names.has(trace.name) || seen.has(trace.name) || !trace.x || !trace.x.some((x) => x)) continue;
      seen.add(trace.name);
      const faint = trace.type === "bar";
      const colour = faint ? "var(--hc-fg2)" : (trace.marker && trace.marker.color) || "#888";
      const shape = faint ? "hc-lg-bar" : trace.marker && trace.marker.symbol === "diamond" ? "hc-lg-diamond" : "hc-lg-dot";
      items.push(`<span class="hc-lg"><i class="${shape}" style="background:${esc(colour)}"></i>${esc(trace.name)}</span>`);
    }
    part(".hc-legend").innerHTML = items.join("");
  }

  function draw() {
    const view = model.get("view") || {};
    if (!view.hc) return;
    const l = lang();
    const t = T[l];
    const ctx = { view, lang: l, model };
    const hc = view.hc;
    root.dataset.revision = String(view.revision);
    root.dataset.phase = hc.phase;
    root.dataset.round = String(hc.round);
    root.dataset.wave = String(hc.wave);
    root.dataset.tokens = hc.tokens.join(",");
    root.dataset.lang = l;
    part(".hc-head").innerHTML = headHtml(ctx);
    part(".hc-prompt").innerHTML = promptHtml(ctx);
    part(".hc-prompt").classList.toggle("hc-act", Boolean(hc.must_act || (hc.is_chance && hc.leader === view.human)));
    part(".hc-table").innerHTML = tableHtml(ctx);
    part(".hc-handwrap").innerHTML = handHtml(ctx);
    part(".hc-seenwrap").innerHTML = seenHtml(ctx);
    part(".hc-advicewrap").innerHTML = adviceHtml(ctx);
    part(".hc-odds-title").textContent = t.odds;
    part(".hc-odds-hint").textContent = t.oddsHint;
    part(".hc-handev").textContent = view.hand_ev ? t.handEv(num(view.hand_ev.value)) : "";
    part(".hc-players").innerHTML = playersHtml(ctx);
    part(".hc-summary").innerHTML = summaryHtml(ctx);
    part(".hc-teacher").innerHTML = teacherHtml(ctx);
    part(".hc-teacher").hidden = !view.teacher;
    const log = part(".hc-log");
    const open = log.open;
    log.innerHTML = logHtml(ctx);
    log.open = open;
    drawError();
    schedule();
    root.hcTiming.drawn = performance.now();
  }

  function drawError() {
    const err = model.get("error") || {};
    const box = part(".hc-error");
    if (!err.en) { box.hidden = true; box.textContent = ""; return; }
    box.hidden = false;
    const l = lang();
    box.innerHTML = `${err.rule ? `<b>${esc(T[l].rule)} ${esc(err.rule)}</b> ` : ""}${esc(l === "zh" ? err.zh : err.en)}`;
  }

  function onClick(event) {
    const target = event.target.closest("button, input");
    if (!target || !root.contains(target) || target.disabled) return;
    if (target.dataset.intent) {
      send({ type: "intent", action: JSON.parse(target.dataset.intent) });
    } else if (target.dataset.cmd) {
      send({ type: target.dataset.cmd });
    } else if (target.dataset.lang) {
      send({ type: "set_lang", lang: target.dataset.lang });
    }
  }
  function onChange(event) {
    const box = event.target;
    if (box.dataset && box.dataset.toggle) {
      model.set(box.dataset.toggle, box.checked);
      model.save_changes();
    }
  }
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);

  let queued = false;
  root.hcTiming = {};  // for benchmarks: when the last view arrived, was drawn, was plotted
  const requestDraw = () => {  // one redraw for a batch of trait changes
    if (queued) return;
    queued = true;
    root.hcTiming = { received: performance.now() };
    queueMicrotask(() => { queued = false; draw(); });
  };
  const redraw = () => { draw(); drawFigure(); };
  model.on("change:view", requestDraw);
  model.on("change:log", requestDraw);
  model.on("change:error", drawError);
  model.on("change:lang", redraw);
  model.on("change:figure", drawFigure);
  model.on("change:show_odds", drawFigure);
  model.on("change:can_undo", requestDraw);
  let lastWidth = 0;
  const resize = new ResizeObserver((entries) => {  // only a new width needs a new layout
    const width = Math.round(entries[entries.length - 1].contentRect.width);
    if (width === lastWidth) return;
    lastWidth = width;
    if (plotly && plotDiv.data) plotly.Plots.resize(plotDiv);
  });
  resize.observe(plotDiv);
  redraw();

  return () => {
    clearTimeout(stepTimer);
    resize.disconnect();
    model.off("msg:custom", onCustom);
    model.off("change:view", requestDraw);
    model.off("change:log", requestDraw);
    model.off("change:error", drawError);
    model.off("change:lang", redraw);
    model.off("change:figure", drawFigure);
    model.off("change:show_odds", drawFigure);
    model.off("change:can_undo", requestDraw);
    if (plotly && plotDiv.data) plotly.purge(plotDiv);
  };
}

export default { render };
