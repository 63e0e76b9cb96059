// Starts `rulebook lsp` for game files (.game) and variant files (.toml
// next to them): every feature comes from the server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("rulebook").get("path") || "rulebook";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "rulebook",
    "rulebook",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "rulebook" },
        { scheme: "untitled", language: "rulebook" },
        { scheme: "file", pattern: "**/variants/*.toml" },
      ],
    }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
