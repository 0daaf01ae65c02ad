/* The names of the text options (see sudoku-names.h). */
#include "sudoku-names.h"

#include <string.h>

enum option { FORMAT, ALPHABET, LAYOUT };

static const struct {
	enum option option;
	const char *name;
	int value;
} names[] = {
	{ FORMAT, "auto", SUDOKU_FORMAT_AUTO }, { FORMAT, "line", SUDOKU_FORMAT_LINE },
	{ FORMAT, "grid", SUDOKU_FORMAT_GRID }, { FORMAT, "compact", SUDOKU_FORMAT_COMPACT },
	{ FORMAT, "drawn", SUDOKU_FORMAT_DRAWN }, { FORMAT, "pretty", SUDOKU_FORMAT_DRAWN },
	{ FORMAT, "count", SUDOKU_FORMAT_COUNT }, { FORMAT, "spoj", SUDOKU_FORMAT_COUNT },
	{ FORMAT, "poj", SUDOKU_FORMAT_COUNT },
	{ FORMAT, "candidates", SUDOKU_FORMAT_MARKS }, { FORMAT, "sukaku", SUDOKU_FORMAT_MARKS },
	{ FORMAT, "pencil", SUDOKU_FORMAT_PENCIL },
	{ ALPHABET, "auto", SUDOKU_ALPHA_AUTO },
	{ ALPHABET, "alnum", SUDOKU_ALPHA_ALNUM }, { ALPHABET, "digits", SUDOKU_ALPHA_ALNUM },
	{ ALPHABET, "1-9", SUDOKU_ALPHA_ALNUM }, { ALPHABET, "1-9A-G", SUDOKU_ALPHA_ALNUM },
	{ ALPHABET, "letters", SUDOKU_ALPHA_LETTERS }, { ALPHABET, "A-P", SUDOKU_ALPHA_LETTERS },
	{ ALPHABET, "hex", SUDOKU_ALPHA_HEX }, { ALPHABET, "0-F", SUDOKU_ALPHA_HEX },
	{ LAYOUT, "line", SUDOKU_LAYOUT_LINE }, { LAYOUT, "grid", SUDOKU_LAYOUT_GRID },
	{ LAYOUT, "compact", SUDOKU_LAYOUT_COMPACT }, { LAYOUT, "pretty", SUDOKU_LAYOUT_PRETTY },
	{ LAYOUT, "ss", SUDOKU_LAYOUT_SS }, { LAYOUT, "bordered", SUDOKU_LAYOUT_BORDERED },
};

/* The value of the option's name, or -1 (every value is >= 0). */
static int lookup(enum option option, const char *name)
{
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
		if (names[k].option == option && strcmp(name, names[k].name) == 0)
			return names[k].value;
	return -1;
}

bool sudoku_format_parse(const char *name, enum sudoku_format *out)
{
	int v = lookup(FORMAT, name);
	if (v >= 0)
		*out = (enum sudoku_format)v;
	return v >= 0;
}

bool sudoku_alphabet_parse(const char *name, enum sudoku_alphabet *out)
{
	int v = lookup(ALPHABET, name);
	if (v >= 0)
		*out = (enum sudoku_alphabet)v;
	return v >= 0;
}

bool sudoku_layout_parse(const char *name, enum sudoku_layout *out)
{
	int v = lookup(LAYOUT, name);
	if (v >= 0)
		*out = (enum sudoku_layout)v;
	return v >= 0;
}
