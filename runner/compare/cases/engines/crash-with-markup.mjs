// Dies before reading anything, its stderr markup in HTML and Markdown: every report must show it as text.
process.stderr.write('<img src=x onerror=alert(1)> | **cannot** open `tables`\n');
process.exit(1);
