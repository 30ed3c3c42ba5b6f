/**
 * How every self-contained page of the reports opens: its head, with a Content-Security-Policy that lets nothing be
 * fetched (only the inline style and script run, and images come as data), its title escaped and its style inline.
 * @module
 */
import { escapeHtml } from './escape.ts';

export const pageHead = (title: string, style: string): string => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>
${style}
</style>
</head>`;
