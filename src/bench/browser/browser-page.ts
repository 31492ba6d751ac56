/**
 * The `bench --browser` page: a plain HTML shell that shows what is happening and loads the
 * bench script (browser-page-script.ts) as a module from the same token-scoped folder. Every URL
 * in it is relative, so the one-time token in the path carries over to every request.
 */

/** The page's HTML (no data in it: the script fetches `config.json`). */
export const browserPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>edgecall bench: in-browser WebAssembly</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 1.5rem; max-width: 40rem; }
#status { font-weight: 600; }
#log { font: 13px/1.4 ui-monospace, monospace; white-space: pre-wrap; color: #444; }
</style>
</head>
<body>
<h1>edgecall bench</h1>
<p>This page measures the model in this browser with llama.cpp compiled to WebAssembly (in-browser
WebAssembly: a lower bound of what a native app gets on this device) and sends the figures back to
the <code>edgecall bench --browser</code> command that served it. Keep the page open and the screen on
until it says it is done.</p>
<p id="status">starting…</p>
<div id="log"></div>
<script type="module" src="page.js"></script>
</body>
</html>
`;
