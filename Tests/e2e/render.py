"""Render a pyte screen to PNG with Pillow.

Fonts, picked per glyph by what each font covers (fontTools reads the cmaps):
DejaVu Sans Mono (apt: fonts-dejavu-core) for text, its bold face for bold cells, then
CJK/symbol fallbacks when installed (apt: fonts-droid-fallback or fonts-noto-cjk,
fonts-symbola).  With no DejaVu Sans Mono, Pillow's built-in font is used and a warning
is printed: the picture is still made, only less faithful.
"""
from __future__ import annotations

import functools
import os
import sys
from typing import Optional

import pyte
from PIL import Image, ImageDraw, ImageFont

_FONT_DIR = "/usr/share/fonts"
_REGULAR = "truetype/dejavu/DejaVuSansMono.ttf"
_BOLD = "truetype/dejavu/DejaVuSansMono-Bold.ttf"
_FALLBACKS = (
    "truetype/droid/DroidSansFallbackFull.ttf",
    "opentype/noto/NotoSansCJK-Regular.ttc",
    "truetype/dejavu/DejaVuSans.ttf",
    "truetype/ancient-scripts/Symbola_hint.ttf",
)

BACKGROUND, FOREGROUND, CURSOR = (0, 0, 0), (229, 229, 229), (255, 200, 0)  # like xterm
_ANSI = {
    "black": (0, 0, 0), "red": (205, 0, 0), "green": (0, 205, 0), "brown": (205, 205, 0),
    "blue": (0, 0, 238), "magenta": (205, 0, 205), "cyan": (0, 205, 205), "white": (229, 229, 229),
}
_PALETTE = {**_ANSI, "yellow": _ANSI["brown"],
            "brightblack": (127, 127, 127), "brightred": (255, 0, 0), "brightgreen": (0, 255, 0),
            "brightbrown": (255, 255, 0), "brightyellow": (255, 255, 0), "brightblue": (92, 92, 255),
            "brightmagenta": (255, 0, 255), "brightcyan": (0, 255, 255), "brightwhite": (255, 255, 255)}

# light box drawing: which arms (left, right, up, down) a character has; drawn as lines so
# that borders join across rows whatever the font's line height
_BOX = {"─": "lr", "│": "ud", "┌": "rd", "┐": "ld", "└": "ru", "┘": "lu", "╭": "rd", "╮": "ld",
        "╰": "ru", "╯": "lu", "├": "rud", "┤": "lud", "┬": "lrd", "┴": "lru", "┼": "lrud"}


def _color(name: str, default: tuple[int, int, int]) -> tuple[int, int, int]:
    if name in _PALETTE:
        return _PALETTE[name]
    if len(name) == 6:
        try:
            return (int(name[0:2], 16), int(name[2:4], 16), int(name[4:6], 16))
        except ValueError:
            pass
    return default


class _Fonts:
    """The regular, bold and fallback faces at one size, and which code points each covers."""

    def __init__(self, size: int):
        faces = [f for f in (_load(_REGULAR, size), *(_load(p, size) for p in _FALLBACKS)) if f]
        if not faces or faces[0][0] != _REGULAR:
            print(f"render: {os.path.join(_FONT_DIR, _REGULAR)} missing (apt-get install "
                  "fonts-dejavu-core); using Pillow's built-in font", file=sys.stderr)
            faces.insert(0, ("builtin", ImageFont.load_default(size), None))
        self.regular = faces[0][1]
        self.faces = [(font, cmap) for _path, font, cmap in faces]
        bold = _load(_BOLD, size)
        self.bold = bold[1] if bold else None
        self.bold_cmap = bold[2] if bold else frozenset()
        self._picked: dict[tuple[str, bool], ImageFont.FreeTypeFont] = {}

    def pick(self, char: str, bold: bool) -> ImageFont.FreeTypeFont:
        """The first face that has a glyph for `char` (bold face first for bold cells)."""
        key = (char, bold)
        if key not in self._picked:
            point = ord(char[0])
            faces = [(self.bold, self.bold_cmap)] if bold and self.bold is not None else []
            self._picked[key] = next((font for font, cmap in faces + self.faces
                                      if cmap is None or point in cmap), self.regular)
        return self._picked[key]


@functools.lru_cache(maxsize=None)
def _fonts(size: int) -> _Fonts:
    return _Fonts(size)


def _load(relative: str, size: int):
    path = os.path.join(_FONT_DIR, relative)
    if not os.path.exists(path):
        return None
    from fontTools.ttLib import TTFont
    with TTFont(path, lazy=True, fontNumber=0) as ttf:
        cmap = frozenset(ttf.getBestCmap() or ())
    return relative, ImageFont.truetype(path, size), cmap


def render_png(screen: pyte.Screen, path: str, font_size: int = 16, pad: int = 8) -> str:
    """Draw `screen` (cells, colours, reverse, bold, underline, wide glyphs, cursor) to `path`."""
    fonts = _fonts(font_size)
    ascent, descent = fonts.regular.getmetrics()
    cell_w, cell_h = round(fonts.regular.getlength("M")), ascent + descent
    image = Image.new("RGB", (screen.columns * cell_w + 2 * pad, screen.lines * cell_h + 2 * pad), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row in range(screen.lines):
        line = screen.buffer[row]
        for col in range(screen.columns):
            cell = line[col]
            if cell.data == "":
                continue  # right half of a wide character, drawn with its left half
            wide = col + 1 < screen.columns and line[col + 1].data == ""
            box = (pad + col * cell_w, pad + row * cell_h, (2 if wide else 1) * cell_w, cell_h)
            _draw_cell(draw, fonts, cell, box)
    _draw_cursor(draw, screen, pad, cell_w, cell_h)
    image.save(path)
    return path


def _draw_cell(draw: ImageDraw.ImageDraw, fonts: _Fonts, cell, box: tuple[int, int, int, int]) -> None:
    x, y, width, height = box
    fg, bg = _color(cell.fg, FOREGROUND), _color(cell.bg, BACKGROUND)
    if cell.reverse:
        fg, bg = bg, fg
    if bg != BACKGROUND:
        draw.rectangle([x, y, x + width - 1, y + height - 1], fill=bg)
    if cell.data in _BOX:
        mid_x, mid_y = x + width // 2, y + height // 2
        arms = {"l": (x, mid_y), "r": (x + width - 1, mid_y), "u": (mid_x, y), "d": (mid_x, y + height - 1)}
        for arm in _BOX[cell.data]:
            draw.line([(mid_x, mid_y), arms[arm]], fill=fg)
    elif cell.data.strip():
        font = fonts.pick(cell.data, cell.bold)
        glyph_w = font.getlength(cell.data)
        if glyph_w > width + 1:  # too wide for its cells: shrink rather than overlap
            font = font.font_variant(size=max(6, int(font.size * width / glyph_w)))
            glyph_w = font.getlength(cell.data)
        baseline = y + fonts.regular.getmetrics()[0]  # one baseline for every face
        draw.text((x + (width - glyph_w) / 2, baseline), cell.data, font=font, fill=fg, anchor="ls")
    if cell.underscore:
        draw.line([(x, y + height - 2), (x + width - 1, y + height - 2)], fill=fg)


def _draw_cursor(draw: ImageDraw.ImageDraw, screen: pyte.Screen, pad: int, cell_w: int, cell_h: int) -> None:
    cursor = screen.cursor
    if cursor.hidden or not (0 <= cursor.y < screen.lines and 0 <= cursor.x < screen.columns):
        return
    x, y = pad + cursor.x * cell_w, pad + cursor.y * cell_h
    draw.rectangle([x, y, x + cell_w - 1, y + cell_h - 1], outline=CURSOR)


def font_status() -> Optional[str]:
    """None when the screenshot font is installed, else what to install."""
    if os.path.exists(os.path.join(_FONT_DIR, _REGULAR)):
        return None
    return "fonts-dejavu-core"
