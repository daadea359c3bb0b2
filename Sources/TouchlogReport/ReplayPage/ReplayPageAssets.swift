/// The replay page's fixed parts: the document around the data, its style and its script.
///
/// The page loads nothing (its Content-Security-Policy allows only its own inline style and script, and `data:`
/// images), so it opens from a file, an attachment or an archive. The script reads the events
/// (``ReplayPageEncoder``), the strings and the facts, and draws the screen at the moment chosen.
///
/// Its contract for tests and scripts: the screen is `<svg id="screen">` carrying `data-t` (the moment shown, in
/// seconds since the session started), `data-seq` (the line of the latest record replayed at that moment),
/// `data-first-responder` (the key window's first responder's recorded id, empty for none) and `data-keyboard`
/// (`up` or `down`), as replay's trace gives them for that record; `#t=SECONDS` opens the page at that moment, and
/// the address follows the scrubber.
enum ReplayPageAssets {
    /// Everything before the events: the document's head, the player's elements, and the events' block opened.
    static func head(_ session: SessionRef) -> String {
        let esc = Escape.html
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>touchlog replay \(esc(session.id))</title>
            <style>
            \(style)</style>
            </head>
            <body>
            <header>
            <h1>Replay of session <code>\(esc(session.id))</code></h1>
            <p class="facts">\(esc(session.versionDescription)) · \(esc(session.deviceDescription))\(session.startedAt.map { " · started " + esc($0) } ?? "") · <span id="counts">loading…</span></p>
            <noscript><p class="warn">This page draws the replay with JavaScript; turn it on to watch the session.</p></noscript>
            </header>
            <main>
            <div class="player">
            <figure class="stage">
            <svg xmlns="http://www.w3.org/2000/svg" id="screen" class="scene" role="group" aria-label="The screen as the model has it" data-t="" data-seq="" data-first-responder="" data-keyboard="down"></svg>
            <figcaption id="legend"><span class="key fr">first responder</span> <span class="key hit">hit view of a touch down</span> <span class="key kb">keyboard</span> <span class="key touch">touch, with its trail</span> <span class="key hidden">hidden</span></figcaption>
            </figure>
            <section class="side" aria-label="The moment">
            <p class="now" id="now" aria-live="polite"></p>
            <dl class="state">
            <dt>First responder</dt><dd id="fr">none</dd>
            <dt>Keyboard</dt><dd id="kb">down</dd>
            </dl>
            <h2>Touches down</h2>
            <ul id="touches" class="plain"></ul>
            <h2>Recognizers</h2>
            <ul id="recognizers" class="plain"></ul>
            <h2 id="explain-title">Hit test</h2>
            <pre id="explain" tabindex="0">Choose a touch (click its dot or its button above) to see its hit test.</pre>
            </section>
            </div>
            <section class="controls" aria-label="Player">
            <div class="buttons">
            <button type="button" id="prev" aria-label="Previous event (ArrowLeft)">◀ Prev</button>
            <button type="button" id="play" aria-pressed="false">▶ Play</button>
            <button type="button" id="next" aria-label="Next event (ArrowRight)">Next ▶</button>
            <label>Speed <select id="speed"><option value="1">1×</option><option value="2">2×</option><option value="5">5×</option><option value="10">10×</option><option value="50">50×</option><option value="200">200×</option></select></label>
            <output id="clock" aria-live="off"></output>
            </div>
            <input type="range" id="scrub" min="0" max="0" value="0" step="1" aria-label="Event">
            <div class="timeline-box"><canvas id="timeline" height="92" aria-label="Timeline: touches, keys, first responder, keyboard, actions, divergences, findings; click to jump"></canvas><div id="cursor"></div></div>
            <p class="rows"><span class="r touch">touches</span> <span class="r key">keys</span> <span class="r fr">first responder</span> <span class="r kb">keyboard</span> <span class="r act">actions</span> <span class="r div">divergences</span> <span class="r find">findings</span> · ArrowLeft/ArrowRight step one event, Space plays, Home/End jump to the ends.</p>
            </section>
            <section class="findings-box">
            <h2>Findings</h2>
            <ol id="findings"></ol>
            </section>
            <p class="note" id="note"></p>
            </main>
            <script type="text/plain" id="events">

            """
    }

    /// Everything after the events: the facts and strings as JSON, then the script.
    static func tail(meta: String, strings: String) -> String {
        """
        <script type="application/json" id="meta">\(meta)</script>
        <script type="application/json" id="strings">\(strings)</script>
        <script>
        \(script)</script>
        </body>
        </html>

        """
    }

    static let style = """
        :root { --hit: #ef6c00; --fr: #1565c0; --cause: #8e24aa; --error: #c62828; --warning: #b26a00; --info: #1565c0;
          --ink: #1d1d1f; --muted: #5f6368; --line: #d9d9de; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          color: var(--ink); background: #f6f6f8; }
        header, main { max-width: 1240px; margin: 0 auto; padding: 10px 20px; }
        h1 { font-size: 20px; margin: 6px 0; overflow-wrap: anywhere; }
        h2 { font-size: 13px; margin: 12px 0 4px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
        code, pre, .mono { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
        .facts { color: var(--muted); margin: 0; overflow-wrap: anywhere; }
        .warn { color: var(--error); font-weight: 600; }
        main { display: grid; grid-template-columns: minmax(240px, 380px) minmax(0, 1fr); gap: 0 20px; align-items: start;
          grid-template-areas: "stage side" "controls controls" "findings findings" "note note"; }
        .player { display: contents; }
        figure.stage { margin: 0; grid-area: stage; }
        .side { grid-area: side; } .controls { grid-area: controls; } .findings-box { grid-area: findings; }
        .note { grid-area: note; }
        figcaption { font-size: 12px; color: var(--muted); margin-top: 4px; }
        svg.scene { display: block; width: 100%; height: auto; max-width: calc(78vh * var(--ratio, 0.46)); margin: 0 auto;
          background: #fafafa; border: 1px solid #999; border-radius: 12px; }
        svg .vlabel { font-size: 11px; fill: #5f6368; pointer-events: none; }
        .side { min-width: 0; }
        .now { font-size: 15px; margin: 0 0 6px; min-height: 3em; overflow-wrap: anywhere; }
        .state { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 12px; margin: 0; }
        .state dt { color: var(--muted); } .state dd { margin: 0; overflow-wrap: anywhere; }
        ul.plain { list-style: none; margin: 0; padding: 0; }
        ul.plain li { margin: 2px 0; overflow-wrap: anywhere; }
        pre#explain { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid var(--line);
          border-radius: 4px; padding: 6px 8px; margin: 0; max-height: 340px; overflow: auto; }
        button, select { font: inherit; padding: 4px 10px; border: 1px solid #8a8a90; border-radius: 6px; background: #fff;
          color: var(--ink); cursor: pointer; }
        button.link { border: 0; padding: 0; background: none; color: #0b57d0; text-decoration: underline; text-align: left; }
        :focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
        .controls { margin-top: 14px; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
        .buttons { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
        #clock { font-family: ui-monospace, Menlo, Consolas, monospace; margin-left: auto; }
        #scrub { width: 100%; margin: 10px 0 6px; }
        .timeline-box { position: relative; }
        #timeline { display: block; width: 100%; height: 92px; background: #fbfbfc; border: 1px solid var(--line);
          border-radius: 4px; cursor: pointer; }
        #cursor { position: absolute; top: 0; bottom: 0; width: 2px; background: #111; pointer-events: none; }
        .rows { font-size: 12px; color: var(--muted); margin: 6px 0 0; }
        .r::before, .key::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 4px;
          vertical-align: -1px; border-radius: 2px; }
        .r.touch::before { background: #d32f2f; } .r.key::before { background: #6d4c41; } .r.fr::before { background: var(--fr); }
        .r.kb::before { background: #616161; } .r.act::before { background: #2e7d32; } .r.div::before { background: #ff6f00; }
        .r.find::before { background: var(--cause); }
        .key.fr::before { border: 2px solid var(--fr); } .key.hit::before { border: 2px solid var(--hit); }
        .key.kb::before { background: rgba(60, 60, 67, 0.3); } .key.touch::before { background: #d32f2f; border-radius: 50%; }
        .key.hidden::before { border: 1px dashed #999; }
        .findings-box ol { padding-left: 22px; }
        .findings-box li { margin: 4px 0; overflow-wrap: anywhere; }
        .findings-box li.current { background: #fff4d6; }
        .findings-box li.none { list-style: none; margin-left: -22px; }
        .badge { display: inline-block; padding: 0 7px; border-radius: 9px; color: #fff; font-size: 12px; font-weight: 600; }
        .badge.error { background: var(--error); } .badge.warning { background: var(--warning); } .badge.info { background: var(--info); }
        .note { color: var(--muted); font-size: 12px; }
        svg .screen { fill: #fff; }
        svg .v { fill: none; stroke: #9aa0a6; stroke-width: 1; }
        svg .v.noint { stroke: #c4c7cc; }
        svg .v.translucent { stroke-dasharray: 6 3; }
        svg .v.transparent { stroke: #8e24aa; stroke-dasharray: 2 3; fill: rgba(142, 36, 170, 0.06); }
        svg .v.hidden { stroke: #bbb; stroke-dasharray: 4 4; fill: rgba(0, 0, 0, 0.04); }
        svg .v.disabled { stroke: #bbb; fill: rgba(0, 0, 0, 0.05); }
        svg .role { fill: none; stroke-width: 3; }
        svg .role.hit { stroke: var(--hit); fill: rgba(239, 108, 0, 0.12); }
        svg .role.first-responder { stroke: var(--fr); stroke-width: 4; }
        svg .role.keyboard { fill: rgba(60, 60, 67, 0.28); stroke: #555; stroke-width: 1; }
        svg .kb-label { font-size: 14px; fill: #333; }
        svg .trail { fill: none; stroke: rgba(211, 47, 47, 0.55); stroke-width: 3; stroke-linecap: round; stroke-linejoin: round; }
        svg .touch { fill: rgba(211, 47, 47, 0.35); stroke: #d32f2f; stroke-width: 2; cursor: pointer; }
        svg .touch.ended { fill: none; stroke-dasharray: 3 3; }
        svg .touch:focus-visible { outline: none; stroke: #0b57d0; stroke-width: 4; }
        @media (max-width: 760px) {
          header, main { padding: 8px 10px; }
          main { grid-template-columns: minmax(0, 1fr); grid-template-areas: "stage" "controls" "side" "findings" "note"; }
          svg.scene { max-width: calc(62vh * var(--ratio, 0.46)); }
          .controls { margin-top: 8px; }
          #clock { margin-left: 0; width: 100%; }
        }

        """

    /// The player. It never loads anything: the events, strings and facts are in the page.
    static let script = #"""
        (function () {
        "use strict";
        var meta = JSON.parse(document.getElementById("meta").textContent);
        var S = JSON.parse(document.getElementById("strings").textContent);
        var raw = atob(document.getElementById("events").textContent.replace(/\s+/g, ""));
        var bytes = new Uint8Array(raw.length);
        for (var b = 0; b < raw.length; b++) bytes[b] = raw.charCodeAt(b);
        raw = null;
        var N = meta.events;
        var T = new Float64Array(N), SEQ = new Int32Array(N), KIND = new Uint8Array(N), PHASE = new Uint8Array(N);
        var TOUCH = new Int32Array(N), X = new Float32Array(N), Y = new Float32Array(N);
        var AUX = new Int32Array(N), AUX2 = new Int32Array(N), FR = new Int32Array(N), KB = new Uint8Array(N);
        var KBF = new Int32Array(N), FLAGS = new Uint8Array(N);
        var extra = new Map(), frames = [], recog = new Map();
        var p = 0;
        function vi() { var r = 0, s = 1, c; do { c = bytes[p++]; r += (c & 127) * s; s *= 128; } while (c & 128); return r; }
        function zz() { var v = vi(); return v % 2 ? -(v + 1) / 2 : v / 2; }
        function view() {
          var id = vi(), cls = vi(), lab = vi();
          var x = zz() / 4, y = zz() / 4, w = zz() / 4, h = zz() / 4;
          var fl = bytes[p++];
          return { id: id, cls: cls, lab: lab, x: x, y: y, w: w, h: h, fl: fl, d: vi() };
        }
        (function decode() {
          var us = 0, gap = 0, seq = 0, tn = 0, x = 0, y = 0, fr = 0, kb = 0, kbf = 0, n, e, lastGes = null;
          for (var i = 0; i < N; i++) {
            var k = bytes[p++], f = k & 128 ? bytes[p++] : 0;
            gap += zz(); us += gap; seq += k & 128 ? vi() : 1;
            var repeat = (k & 15) === 10;
            T[i] = us / 1e6; SEQ[i] = seq; KIND[i] = repeat ? 0 : k & 15; PHASE[i] = (k >> 4) & 7; FLAGS[i] = f;
            if (KIND[i] === 0) {
              tn += zz(); x += zz(); y += zz();
              TOUCH[i] = tn; X[i] = x / 4; Y[i] = y / 4;
              if (PHASE[i] === 0) { AUX[i] = vi(); AUX2[i] = vi(); }
            } else if ((k & 15) === 1) { AUX[i] = vi(); AUX2[i] = vi(); } else { AUX[i] = vi(); }
            if (f & 1) fr = vi();
            FR[i] = fr;
            if (f & 2) { kb = bytes[p++]; kbf = vi(); }
            KB[i] = kb; KBF[i] = kbf;
            e = null;
            if (f & 4) { e = { div: [] }; for (n = vi(); n > 0; n--) e.div.push(vi()); }
            if (f & 8) { e = e || {}; e.act = []; for (n = vi(); n > 0; n--) e.act.push(vi()); }
            if (repeat && lastGes) {
              e = e || {}; e.ges = lastGes;
              for (n = 0; n < lastGes.length; n++) { recog.get(lastGes[n][0]).push(i, lastGes[n][1]); }
            }
            if (f & 16) {
              e = e || {}; e.ges = []; lastGes = e.ges;
              for (n = vi(); n > 0; n--) {
                var r = vi(), st = vi();
                e.ges.push([r, st]);
                if (!recog.has(r)) recog.set(r, []);
                recog.get(r).push(i, st);
              }
            }
            if (e) extra.set(i, e);
            if (f & 32) {
              var key = bytes[p++], c = vi(), m;
              if (key) { var views = new Array(c); for (m = 0; m < c; m++) views[m] = view(); frames.push({ i: i, key: true, views: views }); }
              else { var ch = []; for (m = 0; m < c; m++) { var pos = vi(); ch.push([pos, view()]); } frames.push({ i: i, key: false, ch: ch }); }
            }
          }
        })();
        bytes = null;

        var svg = document.getElementById("screen");
        var scrub = document.getElementById("scrub");
        var canvas = document.getElementById("timeline");
        var cursorEl = document.getElementById("cursor");
        var playBtn = document.getElementById("play");
        var speedSel = document.getElementById("speed");
        var W = meta.screen[0], H = meta.screen[1];
        svg.setAttribute("viewBox", "0 0 " + W + " " + H);
        svg.style.aspectRatio = W + " / " + H;
        svg.style.setProperty("--ratio", String(W / H));
        scrub.max = String(Math.max(0, N - 1));
        var cur = 0, clock = N ? T[0] : 0, chosenTouch = 0;
        var t0 = N ? T[0] : 0, t1 = N ? T[N - 1] : 1;
        meta.findings.forEach(function (f) { t1 = Math.max(t1, f.end); });
        if (t1 <= t0) t1 = t0 + 1;

        function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
        function str(i) { return i > 0 ? S[i - 1] : null; }
        function fmt(t) { return String(Math.round(t * 1e6) / 1e6); }
        function num(v) { return String(Math.round(v * 100) / 100); }
        function plural(n, w) { return n + " " + w + (n === 1 ? "" : "s"); }
        var PHASES = ["began", "moved", "stationary", "ended", "cancelled"];

        // The screen's views at event i: the latest keyframe at or before it, with the deltas after it applied.
        var cache = { fi: -1, views: [] };
        function frameIndex(i) {
          var lo = 0, hi = frames.length - 1, r = -1;
          while (lo <= hi) { var mid = (lo + hi) >> 1; if (frames[mid].i <= i) { r = mid; lo = mid + 1; } else hi = mid - 1; }
          return r;
        }
        function viewsAt(i) {
          var fi = frameIndex(i);
          if (fi < 0) return [];
          if (fi === cache.fi) return cache.views;
          var k = fi; while (k > 0 && !frames[k].key) k--;
          var start, views;
          if (cache.fi >= k && cache.fi < fi) { start = cache.fi + 1; views = cache.views.slice(); }
          else { start = k + 1; views = frames[k].key ? frames[k].views.slice() : []; }
          for (var j = start; j <= fi; j++) {
            var fr = frames[j];
            if (fr.key) { views = fr.views.slice(); continue; }
            for (var c = 0; c < fr.ch.length; c++) views[fr.ch[c][0]] = fr.ch[c][1];
          }
          cache = { fi: fi, views: views };
          return views;
        }
        function name(id, views) {
          if (!id) return "none";
          for (var v = 0; v < views.length; v++) if (S[views[v].id] === id) {
            var lab = str(views[v].lab);
            return S[views[v].cls] + (lab ? " \u201c" + lab + "\u201d" : "") + " (" + id + ")";
          }
          return id;
        }
        // The touches down at event i (and one that ends at i), each with its trail and the view its hit test found.
        function touchesAt(i) {
          var seen = new Map(), out = [];
          for (var j = i; j >= 0 && j > i - 4000; j--) {
            if (KIND[j] !== 0) continue;
            var n = TOUCH[j], s = seen.get(n);
            if (!s) {
              var ph = PHASES[PHASE[j]] || "moved";
              if ((ph === "ended" || ph === "cancelled") && j !== i) { seen.set(n, { dead: true }); continue; }
              s = { n: n, phase: ph, x: X[j], y: Y[j], trail: [], began: -1 };
              seen.set(n, s); out.push(s);
            }
            if (s.dead) continue;
            if (s.trail.length < 40) s.trail.push(X[j], Y[j]);
            if (PHASE[j] === 0 && s.began < 0) s.began = j;
          }
          return out;
        }
        function rect(r, cls, title, extraAttr) {
          return '<rect class="' + cls + '" x="' + r.x + '" y="' + r.y + '" width="' + Math.abs(r.w) + '" height="' + Math.abs(r.h) + '"' + (extraAttr || "") + ">" + (title ? "<title>" + esc(title) + "</title>" : "") + "</rect>";
        }
        function describe(i, views) {
          var k = KIND[i], text;
          if (k === 0) {
            text = "touch " + TOUCH[i] + " " + PHASES[PHASE[i]] + " at (" + num(X[i]) + ", " + num(Y[i]) + ")";
            if (PHASE[i] === 0) text += ", hit " + name(str(AUX[i]), views);
          } else if (k === 1) {
            text = "key press (" + plural(AUX[i], "character") + ", text not shown)";
            var rec = str(AUX2[i]); text += rec ? " to " + name(rec, views) : ", nobody received it";
          } else text = S[AUX[i]];
          var e = extra.get(i);
          if (e && e.act) e.act.forEach(function (a) { text += "; action " + S[a]; });
          if (e && e.ges) e.ges.forEach(function (g) { text += "; recognizer " + S[g[0]] + " " + S[g[1]]; });
          if (e && e.div) e.div.forEach(function (d) { text += "; divergence! " + S[d]; });
          return text;
        }

        function render() {
          var i = cur, views = viewsAt(i), out = '<rect class="screen" x="0" y="0" width="' + W + '" height="' + H + '"/>';
          var frId = str(FR[i]);
          var byId = {};
          for (var v = 0; v < views.length; v++) {
            var vw = views[v], cls = "v";
            byId[S[vw.id]] = vw;
            if (vw.fl & 1) cls += " hidden";
            if (vw.fl & 2) cls += " transparent"; else if (vw.fl & 4) cls += " translucent";
            if (vw.fl & 8) cls += " noint";
            if (vw.fl & 16) cls += " disabled";
            var lab = str(vw.lab);
            out += rect(vw, cls, S[vw.cls] + (lab ? ' "' + lab + '"' : "") + " (" + S[vw.id] + ")", ' data-id="' + esc(S[vw.id]) + '"');
          }
          // Labels where they fit, so that a person knows the screen: accessibility labels, else identifiers.
          for (v = 0; v < views.length; v++) {
            var lv = views[v], text = str(lv.lab), room = Math.floor((Math.abs(lv.w) - 6) / 6);
            if (!text || lv.h < 14 || room < 3 || (lv.fl & 1)) continue;
            if (text.length > room) text = text.slice(0, Math.max(1, room - 1)) + "\u2026";
            out += '<text class="vlabel" x="' + (lv.x + 4) + '" y="' + (lv.y + Math.min(13, lv.h - 3)) + '">' + esc(text) + "</text>";
          }
          if (KB[i]) {
            var kf = str(KBF[i]), kr;
            if (kf) { var q = kf.split(" ").map(Number); kr = { x: q[0], y: q[1], w: q[2], h: q[3] }; }
            else kr = { x: 0, y: H * 0.605, w: W, h: H * 0.395 };
            out += rect(kr, "role keyboard", kf ? "keyboard" : "keyboard (its frame was not recorded)");
            out += '<text class="kb-label" x="' + (kr.x + 8) + '" y="' + (kr.y + 20) + '">keyboard</text>';
          }
          if (frId && byId[frId]) out += rect(byId[frId], "role first-responder", "first responder: " + name(frId, views));
          var touches = touchesAt(i), list = "";
          touches.forEach(function (t) {
            var hit = t.began >= 0 ? str(AUX[t.began]) : null;
            if (hit && byId[hit]) out += rect(byId[hit], "role hit", "hit view of touch " + t.n + ": " + name(hit, views));
          });
          touches.forEach(function (t) {
            if (t.trail.length > 2) out += '<polyline class="trail" points="' + t.trail.join(" ") + '"/>';
            var ended = t.phase === "ended" || t.phase === "cancelled";
            out += '<circle class="touch' + (ended ? " ended" : "") + '" cx="' + t.x + '" cy="' + t.y + '" r="11" tabindex="0" role="button" data-touch="' + t.n + '" aria-label="touch ' + t.n + ': show its hit test"><title>touch ' + t.n + " " + t.phase + " at (" + num(t.x) + ", " + num(t.y) + ")</title></circle>";
            var hit = t.began >= 0 ? name(str(AUX[t.began]), views) : "began before this page's window";
            list += '<li><button type="button" class="link" data-touch="' + t.n + '">touch ' + t.n + "</button> " + t.phase + " at (" + num(t.x) + ", " + num(t.y) + "), hit " + esc(hit) + "</li>";
          });
          svg.innerHTML = out;
          svg.setAttribute("data-t", fmt(clock));
          svg.setAttribute("data-seq", String(SEQ[i]));
          svg.setAttribute("data-first-responder", frId || "");
          svg.setAttribute("data-keyboard", KB[i] ? "up" : "down");
          svg.setAttribute("aria-label", "The screen at " + fmt(clock) + " s: first responder " + (frId || "none") + ", keyboard " + (KB[i] ? "up" : "down"));
          document.getElementById("touches").innerHTML = list || "<li>none</li>";
          document.getElementById("fr").textContent = name(frId, views);
          document.getElementById("kb").textContent = KB[i] ? "up" : "down";
          document.getElementById("now").textContent = fmt(clock) + " s \u00b7 line " + SEQ[i] + " \u00b7 " + describe(i, views);
          document.getElementById("clock").textContent = "event " + (i + 1) + " of " + N + " \u00b7 " + fmt(clock) + " s";
          var rl = [];
          recog.forEach(function (arr, r) {
            var lo = 0, hi = arr.length / 2 - 1, at = -1;
            while (lo <= hi) { var mid = (lo + hi) >> 1; if (arr[mid * 2] <= i) { at = mid; lo = mid + 1; } else hi = mid - 1; }
            if (at >= 0) rl.push([arr[at * 2], S[r], S[arr[at * 2 + 1]]]);
          });
          rl.sort(function (a, b) { return b[0] - a[0]; });
          document.getElementById("recognizers").innerHTML = rl.length ? rl.slice(0, 10).map(function (r) {
            return "<li><code>" + esc(r[1]) + "</code> " + esc(r[2]) + " <span class=\"note\">at " + fmt(T[r[0]]) + " s</span></li>";
          }).join("") : "<li>none has changed state yet</li>";
          scrub.value = String(i);
          scrub.setAttribute("aria-valuetext", fmt(clock) + " seconds, line " + SEQ[i]);
          cursorEl.style.left = (100 * (clock - t0) / (t1 - t0)) + "%";
          var items = document.querySelectorAll("#findings li");
          meta.findings.forEach(function (f, k) { if (items[k]) items[k].classList.toggle("current", clock >= f.start - 0.5 && clock <= f.end + 0.5); });
          updateAddress();
        }

        var lastAddress = 0, addressTimer = null, settingHash = false;
        function updateAddress() {
          var now = performance.now();
          if (playing && now - lastAddress < 400) {
            if (!addressTimer) addressTimer = setTimeout(function () { addressTimer = null; updateAddress(); }, 400);
            return;
          }
          lastAddress = now;
          var hash = "#t=" + fmt(clock);
          if (location.hash === hash) return;
          settingHash = true;
          try { history.replaceState(null, "", hash); } catch (err) { location.hash = hash; }
          settingHash = false;
        }
        function lastAtOrBefore(t) {
          var lo = 0, hi = N - 1, r = 0;
          while (lo <= hi) { var mid = (lo + hi) >> 1; if (T[mid] <= t + 5e-7) { r = mid; lo = mid + 1; } else hi = mid - 1; }
          return r;
        }
        function seekTime(t) {
          if (!isFinite(t)) return;
          clock = Math.max(t, t0);
          cur = lastAtOrBefore(clock);
          render();
        }
        function seekEvent(i) { cur = Math.max(0, Math.min(N - 1, i)); clock = T[cur]; render(); }
        function step(d) { pause(); seekEvent(cur + d); }

        var playing = false, lastFrame = 0;
        function play() {
          if (cur >= N - 1) seekEvent(0);
          playing = true; playBtn.textContent = "\u275a\u275a Pause"; playBtn.setAttribute("aria-pressed", "true");
          lastFrame = performance.now(); requestAnimationFrame(tick);
        }
        function pause() {
          if (!playing) return;
          playing = false; playBtn.textContent = "\u25b6 Play"; playBtn.setAttribute("aria-pressed", "false");
          updateAddress();
        }
        function tick(now) {
          if (!playing) return;
          var speed = Number(speedSel.value) || 1;
          clock += Math.max(0, now - lastFrame) / 1000 * speed;
          lastFrame = now;
          // A wait longer than two seconds on screen is shortened: a session of hours plays in minutes.
          if (cur + 1 < N && T[cur + 1] - clock > 2 * speed) clock = T[cur + 1] - 0.25 * speed;
          while (cur + 1 < N && T[cur + 1] <= clock) cur++;
          if (cur >= N - 1) { clock = T[N - 1]; render(); pause(); return; }
          render();
          requestAnimationFrame(tick);
        }

        function showTouch(n) {
          chosenTouch = n;
          var b = -1, last = -1;
          for (var j = cur; j >= 0 && j > cur - 200000; j--) if (KIND[j] === 0 && TOUCH[j] === n) { last = last < 0 ? j : last; if (PHASE[j] === 0) { b = j; break; } }
          var title = document.getElementById("explain-title"), pre = document.getElementById("explain");
          if (b < 0) { title.textContent = "Hit test of touch " + n; pre.textContent = "This touch began before the events this page holds."; return; }
          title.textContent = "Hit test of touch " + n + " (began at " + fmt(T[b]) + " s, line " + SEQ[b] + ")";
          var text = str(AUX2[b]);
          pre.textContent = text || ("This page keeps the hit tests of the first " + plural(meta.explanations, "new touch") + " only. This one is printed by:\n\ntouchlog explain " + meta.session + " --at " + fmt(T[b]) + " --point " + num(X[b]) + "," + num(Y[b]));
        }

        function drawTimeline() {
          var dpr = window.devicePixelRatio || 1, cw = canvas.clientWidth || 600, ch = 92;
          canvas.width = Math.round(cw * dpr); canvas.height = Math.round(ch * dpr);
          var g = canvas.getContext("2d"); g.setTransform(dpr, 0, 0, dpr, 0, 0); g.clearRect(0, 0, cw, ch);
          var rows = 7, rh = ch / rows, cols = Math.max(1, Math.floor(cw));
          var marks = [new Uint8Array(cols), new Uint8Array(cols), new Uint8Array(cols), new Uint8Array(cols), new Uint8Array(cols), new Uint8Array(cols), new Uint8Array(cols)];
          var scale = cols / (t1 - t0), prevKb = -1;
          for (var i = 0; i < N; i++) {
            var c = Math.min(cols - 1, Math.floor((T[i] - t0) * scale)), f = FLAGS[i];
            if (KIND[i] === 0) { if (PHASE[i] === 0) marks[0][c] = 1; } else if (KIND[i] === 1) marks[1][c] = 1;
            if ((f & 1) && i > 0) marks[2][c] = 1;
            if ((f & 2) && KB[i] !== prevKb && i > 0) marks[3][c] = 1;
            prevKb = KB[i];
            if (f & 8) marks[4][c] = 1;
            if (f & 4) marks[5][c] = 1;
          }
          meta.findings.forEach(function (fd) {
            var a = Math.floor((fd.start - t0) * scale), z = Math.floor((fd.end - t0) * scale);
            for (var c = Math.max(0, a); c <= Math.min(cols - 1, Math.max(a, z)); c++) marks[6][c] = 1;
          });
          var colors = ["#d32f2f", "#6d4c41", "#1565c0", "#616161", "#2e7d32", "#ff6f00", "#8e24aa"];
          for (var r = 0; r < rows; r++) {
            g.fillStyle = r % 2 ? "#f3f3f5" : "#fbfbfc"; g.fillRect(0, r * rh, cw, rh);
            g.fillStyle = colors[r];
            for (var c2 = 0; c2 < cols; c2++) if (marks[r][c2]) g.fillRect(c2, r * rh + 2, r === 6 ? 1 : 2, rh - 4);
          }
        }
        function timeAtX(clientX) {
          var box = canvas.getBoundingClientRect();
          return t0 + (t1 - t0) * Math.max(0, Math.min(1, (clientX - box.left) / box.width));
        }

        var counts = plural(N, "event") + ", " + plural(meta.divergences, "divergence") + ", " + plural(meta.findingCount, "finding");
        if (meta.warnings) counts += ", " + plural(meta.warnings, "warning");
        document.getElementById("counts").textContent = counts;
        var note = "Drawn from touchlog's replay of the recording" + (meta.options ? " (" + meta.options + ")" : "") + ": the model's views after each record, the first responder and keyboard as the model has them, the keyboard's frame as the recording's notifications give it. Typed text is never shown, only its length.";
        if (meta.explanationsLeftOut) note += " Hit tests are kept for the first " + plural(meta.explanations, "new touch") + "; " + meta.explanationsLeftOut + " more name the touchlog explain command that prints them.";
        if (meta.findingCount > meta.findings.length) note += " The first " + meta.findings.length + " of " + meta.findingCount + " findings are listed.";
        document.getElementById("note").textContent = note;
        var fl = document.getElementById("findings");
        fl.innerHTML = meta.findings.length ? meta.findings.map(function (f, k) {
          return '<li id="f-' + esc(f.fingerprint) + "-" + k + '"><span class="badge ' + esc(f.severity) + '">' + esc(f.severity) + "</span> <code>" + esc(f.rule) + '</code> <button type="button" class="link" data-seek="' + f.start + '">at ' + fmt(f.start) + " s</button> (records " + esc(f.records) + "): " + esc(f.explanation) + "</li>";
        }).join("") : '<li class="none">The report\'s rules found nothing in this session.</li>';

        playBtn.addEventListener("click", function () { if (playing) pause(); else play(); });
        document.getElementById("prev").addEventListener("click", function () { step(-1); });
        document.getElementById("next").addEventListener("click", function () { step(1); });
        scrub.addEventListener("input", function () { pause(); seekEvent(Number(scrub.value)); });
        var dragging = false;
        canvas.addEventListener("pointerdown", function (ev) { dragging = true; pause(); seekTime(timeAtX(ev.clientX)); });
        canvas.addEventListener("pointermove", function (ev) { if (dragging) seekTime(timeAtX(ev.clientX)); });
        window.addEventListener("pointerup", function () { dragging = false; });
        document.addEventListener("click", function (ev) {
          var el = ev.target.closest ? ev.target.closest("[data-touch],[data-seek]") : null;
          if (!el) return;
          if (el.hasAttribute("data-seek")) { pause(); seekTime(Number(el.getAttribute("data-seek"))); }
          else showTouch(Number(el.getAttribute("data-touch")));
        });
        document.addEventListener("keydown", function (ev) {
          var tag = ev.target && ev.target.tagName;
          if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && ev.target !== scrub)) return;
          if (ev.key === "ArrowRight") { ev.preventDefault(); step(1); }
          else if (ev.key === "ArrowLeft") { ev.preventDefault(); step(-1); }
          else if (ev.key === "Home") { ev.preventDefault(); pause(); seekEvent(0); }
          else if (ev.key === "End") { ev.preventDefault(); pause(); seekEvent(N - 1); }
          else if ((ev.key === " " || ev.key === "Enter") && ev.target && ev.target.getAttribute && ev.target.getAttribute("data-touch")) { ev.preventDefault(); showTouch(Number(ev.target.getAttribute("data-touch"))); }
          else if (ev.key === " " && tag !== "BUTTON") { ev.preventDefault(); if (playing) pause(); else play(); }
        });
        window.addEventListener("hashchange", function () { if (!settingHash) fromAddress(); });
        window.addEventListener("resize", drawTimeline);
        function fromAddress() {
          var m = /^#t=([0-9.eE+-]+)/.exec(location.hash);
          if (m) seekTime(Number(m[1])); else seekEvent(0);
        }
        drawTimeline();
        if (N) fromAddress();
        document.documentElement.setAttribute("data-ready", "true");
        })();

        """#
}
