"""Pictures drawn by the app as inline SVG: cards, number lines, charts, QR codes."""
