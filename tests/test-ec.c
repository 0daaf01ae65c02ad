/* Check suite "ec": the reader of Knuth's exact-cover text format. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-ec.h"
#include "dlx-internal.h"

/* Reads text of the given length (it may hold NUL bytes). */
static int read_text_flags(const char *text, size_t len, unsigned flags, dlx_ec **ec, dlx_error_info *err)
{
	FILE *f = fmemopen((void *)text, len, "r");
	ck_assert_ptr_nonnull(f);
	int r = dlx_ec_read_flags(f, flags, ec, err);
	fclose(f);
	return r;
}

static int read_text(const char *text, size_t len, dlx_ec **ec, dlx_error_info *err)
{
	return read_text_flags(text, len, 0, ec, err);
}

static uint64_t count(dlx_ec *ec)
{
	dlx_stats st;
	ck_assert_int_eq(dlx_search(dlx_ec_problem(ec), NULL, &st), DLX_OK);
	return st.solutions;
}

START_TEST(reads_knuth_example)
{
	static const char text[] =
		"| Knuth's example\n"
		"a b c d e f g\n"
		"c e\n"
		"a d g\n"
		"b c f\n"
		"a d f\n"
		"b g\n"
		"d e g\n";
	dlx_ec *ec;
	dlx_error_info err;
	ck_assert_int_eq(read_text(text, strlen(text), &ec, &err), DLX_OK);
	dlx_problem *p = dlx_ec_problem(ec);
	ck_assert_uint_eq(dlx_primary_count(p), 7);
	ck_assert_uint_eq(dlx_secondary_count(p), 0);
	ck_assert_uint_eq(dlx_option_count(p), 6);
	ck_assert_str_eq(dlx_ec_item_name(ec, 6), "g");
	ck_assert_ptr_null(dlx_ec_item_name(ec, 7));
	ck_assert_uint_eq(dlx_ec_option_line(ec, 0), 3);
	ck_assert_uint_eq(dlx_ec_option_line(ec, 5), 8);
	ck_assert_uint_eq(dlx_ec_option_line(ec, 6), 0);
	/* Items keep their order in the line. */
	ck_assert_uint_eq(dlx_option_item(p, 1, 0), 0);
	ck_assert_uint_eq(dlx_option_item(p, 1, 2), 6);
	ck_assert_uint_eq(count(ec), 1);
	dlx_ec_free(ec);
}
END_TEST

START_TEST(secondary_items)
{
	/* 4-queens, diagonals secondary: 2 solutions. */
	static const char text[] =
		"R0 R1 R2 R3 C0 C1 C2 C3 | A0 A1 A2 A3 A4 A5 A6 B0 B1 B2 B3 B4 B5 B6\n"
		"R0 C0 A0 B3\nR0 C1 A1 B2\nR0 C2 A2 B1\nR0 C3 A3 B0\n"
		"R1 C0 A1 B4\nR1 C1 A2 B3\nR1 C2 A3 B2\nR1 C3 A4 B1\n"
		"R2 C0 A2 B5\nR2 C1 A3 B4\nR2 C2 A4 B3\nR2 C3 A5 B2\n"
		"R3 C0 A3 B6\nR3 C1 A4 B5\nR3 C2 A5 B4\nR3 C3 A6 B3\n";
	dlx_ec *ec;
	ck_assert_int_eq(read_text(text, strlen(text), &ec, NULL), DLX_OK);
	ck_assert_uint_eq(dlx_primary_count(dlx_ec_problem(ec)), 8);
	ck_assert_uint_eq(dlx_secondary_count(dlx_ec_problem(ec)), 14);
	ck_assert_uint_eq(count(ec), 2);
	dlx_ec_free(ec);
}
END_TEST

START_TEST(layout_variants)
{
	/* CRLF, tabs, blank lines, comments between options, '|' glued to names, no final newline. */
	static const char text[] =
		"\r\n| comment\r\n\ta\tb|c \r\n\r\n  a c\r\n|another comment\r\nb\r\na b\r\nb c";
	dlx_ec *ec;
	dlx_error_info err;
	int r = read_text(text, strlen(text), &ec, &err);
	ck_assert_msg(r == DLX_OK, "%zu: %s", err.line, err.message);
	dlx_problem *p = dlx_ec_problem(ec);
	ck_assert_uint_eq(dlx_primary_count(p), 2);
	ck_assert_uint_eq(dlx_secondary_count(p), 1);
	ck_assert_uint_eq(dlx_option_count(p), 4);
	ck_assert_uint_eq(dlx_ec_option_line(ec, 3), 9);
	/* {a c, b} and {a b}; {a c, b c} would cover c twice. */
	ck_assert_uint_eq(count(ec), 2);
	dlx_ec_free(ec);

	/* A UTF-8 byte order mark opens the file as some editors write it; elsewhere it is binary. */
	static const char bom[] = "\xEF\xBB\xBF" "a b\na\nb\n";
	r = read_text(bom, strlen(bom), &ec, &err);
	ck_assert_msg(r == DLX_OK, "%zu: %s", err.line, err.message);
	ck_assert_uint_eq(dlx_primary_count(dlx_ec_problem(ec)), 2);
	ck_assert_uint_eq(count(ec), 1);
	dlx_ec_free(ec);
	static const char late_bom[] = "a b\n\xEF\xBB\xBF" "a\nb\n";
	ck_assert_int_eq(read_text(late_bom, strlen(late_bom), &ec, &err), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(err.line, 2);
	ck_assert_str_eq(err.message, "invalid byte 0xEF (names are printable ASCII)");
}
END_TEST

START_TEST(long_lines_and_many_options)
{
	/* A 100001-item line and 100000 options: no line-length limit. */
	size_t n = 100000;
	size_t cap = n * 24 + 64, len = 0;
	char *text = malloc(cap);
	len += (size_t)sprintf(text + len, "p |");
	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(text + len, " i%zu", i);
	text[len++] = '\n';
	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(text + len, "i%zu p\n", i);
	dlx_ec *ec;
	dlx_error_info err;
	ck_assert_int_eq(read_text(text, len, &ec, &err), DLX_OK);
	ck_assert_uint_eq(dlx_option_count(dlx_ec_problem(ec)), n);
	ck_assert_uint_eq(count(ec), n);
	dlx_ec_free(ec);
	free(text);
}
END_TEST

struct bad_case {
	const char *text;
	size_t len; /* 0: strlen(text) */
	size_t line;
	const char *message;
};

static const char long_name[] =
	"a234567890123456789012345678901234567890123456789012345678901234X";

static const struct bad_case bad_cases[] = {
	{ "", 0, 0, "empty input: no item line" },
	{ "| only\n| comments\n\n", 0, 0, "empty input: no item line" },
	{ "a b\na c\n", 0, 2, "unknown item 'c'" },
	{ "a b\na b a\n", 0, 2, "item 'a' appears twice in this option" },
	{ "a b a\n", 0, 1, "duplicate item name 'a'" },
	{ "a | b a\n", 0, 1, "duplicate item name 'a'" },
	{ "a | b | c\n", 0, 1, "a second '|' in the item line" },
	{ "a b\na | b\n", 0, 2, "'|' without a number (an option's cost is written |n)" },
	{ "a b:x\n", 0, 1, "':' in the item name 'b:x'" },
	{ "a b\na b:x\n", 0, 2, "primary item 'b' cannot have a color" },
	{ "a | b\na b:\n", 0, 2, "empty color name" },
	{ "a | b\na b:x:y\n", 0, 2, "':' in the color name 'x:y'" },
	{ "a | b\na :x\n", 0, 2, "empty item name" },
	{ "a | b\na c:x\n", 0, 2, "unknown item 'c'" },
	{ "a | b\na b:x b:y\n", 0, 2, "item 'b' appears twice in this option" },
	{ "a | b\na b:" "a234567890123456789012345678901234567890123456789012345678901234X\n", 0, 2,
	  "color name longer than 64 characters: 'a234567890123456789012345678901234567890...'" },
	{ "a b\n\na\x01 b\n", 0, 3, "invalid byte 0x01 (names are printable ASCII)" },
	{ "a b\nb \xc3\xa9\n", 0, 2, "invalid byte 0xC3 (names are printable ASCII)" },
	{ "a b\na\0b\n", 8, 2, "NUL byte in input (binary file?)" },
	/* A CR alone ends a line, as classic Mac OS wrote them. */
	{ "a\rb\n", 0, 2, "unknown item 'b'" },
	/* Knuth's DLX3 bounds and DLX5 costs, wrong */
	{ "3:2|a b\na\n", 0, 1, "lower bound 3 of item 'a' exceeds its upper bound 2" },
	{ "a 0|b\na\n", 0, 1, "upper bound 0 of item 'b' (it must be at least 1)" },
	{ "a 0:0|b\na\n", 0, 1, "upper bound 0 of item 'b' (it must be at least 1)" },
	{ "a | 2|b\na\n", 0, 1, "bounds on the secondary item 'b' (only primary items have them)" },
	{ "a |1:2|b\na\n", 0, 1, "bounds on the secondary item 'b' (only primary items have them)" },
	{ "1:2:3|a\na\n", 0, 1, "bounds '1:2:3' of item 'a' are not u:v or v" },
	{ ":2|a\na\n", 0, 1, "bounds ':2' of item 'a' are not u:v or v with numbers up to 1000000000" },
	{ "1000000001|a\na\n", 0, 1, "bounds '1000000001' of item 'a' are not u:v or v with numbers up to 1000000000" },
	{ "2|\na\n", 0, 1, "empty item name" },
	{ "2|a:b\na\n", 0, 1, "':' in the item name 'a:b'" },
	{ "a\na |\n", 0, 2, "'|' without a number (an option's cost is written |n)" },
	{ "a\na |x\n", 0, 2, "'|' without a number (an option's cost is written |n)" },
	{ "a\na |-1\n", 0, 2, "'|' without a number (an option's cost is written |n)" },
	{ "a\na |12x\n", 0, 2, "a cost '|12' followed by 'x' (costs are |n, n a decimal number)" },
	{ "a\na |8589934592\n", 0, 2, "cost of the option above 8589934591" },
	{ "a\na |8589934591 |1\n", 0, 2, "cost of the option above 8589934591" },
	{ "a\na |99999999999999999999999\n", 0, 2, "cost of the option above 8589934591" },
};

/* Knuth's DLX3 example (dlx3.w's introduction): one solution; and DLX5's costs. */
START_TEST(reads_bounds_and_costs)
{
	static const char text[] =
		"| A simple example of color controls\n"
		"A B 2:3|C | X Y\n"
		"A B X:0 Y:0\n"
		"A C X:1 Y:1\n"
		"C X:0\n"
		"B X:1\n"
		"C Y:1\n";
	dlx_ec *ec;
	dlx_error_info err;
	int r = read_text(text, strlen(text), &ec, &err);
	ck_assert_msg(r == DLX_OK, "%zu: %s", err.line, err.message);
	dlx_problem *p = dlx_ec_problem(ec);
	ck_assert_uint_eq(dlx_primary_count(p), 3);
	ck_assert_str_eq(dlx_ec_item_name(ec, 2), "C");
	uint32_t lo, hi;
	ck_assert_int_eq(dlx_item_bounds(p, 2, &lo, &hi), DLX_OK);
	ck_assert_uint_eq(lo, 2);
	ck_assert_uint_eq(hi, 3);
	ck_assert(dlx_has_bounds(p));
	ck_assert_uint_eq(count(ec), 1);
	dlx_ec_free(ec);

	/* v|name is v:v; bounds of 1:1 written out leave the problem plain; costs add up, glued or not */
	static const char text2[] = "2|a 1:1|b 0:2|c | d\na b |3 |4\na|2\nc d\t|0\nc |7\n";
	r = read_text(text2, strlen(text2), &ec, &err);
	ck_assert_msg(r == DLX_OK, "%zu: %s", err.line, err.message);
	p = dlx_ec_problem(ec);
	ck_assert_int_eq(dlx_item_bounds(p, 0, &lo, &hi), DLX_OK);
	ck_assert_uint_eq(lo, 2);
	ck_assert_uint_eq(hi, 2);
	ck_assert_int_eq(dlx_item_bounds(p, 1, &lo, &hi), DLX_OK);
	ck_assert_uint_eq(lo * 10 + hi, 11);
	ck_assert_int_eq(dlx_item_bounds(p, 2, &lo, &hi), DLX_OK);
	ck_assert_uint_eq(lo * 10 + hi, 2);
	ck_assert_uint_eq(dlx_option_cost(p, 0), 7);
	ck_assert_uint_eq(dlx_option_cost(p, 1), 2);
	ck_assert_uint_eq(dlx_option_cost(p, 2), 0);
	ck_assert_uint_eq(dlx_option_cost(p, 3), 7);
	ck_assert_uint_eq(dlx_option_size(p, 1), 1);
	/* a twice (options 0 and 1), b once, c 0-2 times among {c d}, {c}: 4 solutions */
	ck_assert_uint_eq(count(ec), 4);
	dlx_ec_free(ec);

	/* A word with '|' whose prefix is no bound still ends the primary items, as before */
	static const char text3[] = "a b|c\na c\nb\n";
	ck_assert_int_eq(read_text(text3, strlen(text3), &ec, &err), DLX_OK);
	ck_assert_uint_eq(dlx_primary_count(dlx_ec_problem(ec)), 2);
	ck_assert(!dlx_has_bounds(dlx_ec_problem(ec)));
	dlx_ec_free(ec);
}
END_TEST

/* Writes ec (skip as dlx_ec_write() takes it) into a string the caller frees. */
static char *written(dlx_ec *ec, const unsigned char *skip)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(dlx_ec_write(f, ec, skip), DLX_OK);
	fclose(f);
	return buf;
}

/* What dlx_ec_write() writes reads back as the same problem, the skipped options left out. */
START_TEST(writes_what_it_reads)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "| bounds, colors, costs, a tab and a comment\n2|a 1:1|b 0:2|c | d e\na b |3 |4\na|2\nc\td:x e\t|0\nc e:y |7\n",
		  "2|a b 0:2|c | d e\na b |7\na |2\nc d:x e\nc e:y |7\n" },
		{ " | x y\n", " | x y\n" },
		{ "A B\nA\nB\nA B\n", "A B\nA\nB\nA B\n" },
		{ " |\n", " |\n" },
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		dlx_ec *ec, *back;
		dlx_error_info err;
		ck_assert_int_eq(read_text(cases[c].in, strlen(cases[c].in), &ec, &err), DLX_OK);
		char *text = written(ec, NULL);
		ck_assert_str_eq(text, cases[c].out);
		ck_assert_int_eq(read_text(text, strlen(text), &back, &err), DLX_OK);
		char *again = written(back, NULL);
		ck_assert_str_eq(again, text);
		ck_assert_uint_eq(count(back), count(ec));
		free(again);
		free(text);
		dlx_ec_free(back);
		dlx_ec_free(ec);
	}
	/* Skipping: the options marked are left out, the others keep their order. */
	dlx_ec *ec;
	dlx_error_info err;
	ck_assert_int_eq(read_text(cases[2].in, strlen(cases[2].in), &ec, &err), DLX_OK);
	char *text = written(ec, (const unsigned char[]){ 1, 0, 0 });
	ck_assert_str_eq(text, "A B\nB\nA B\n");
	free(text);
	ck_assert_int_eq(dlx_ec_write(NULL, ec, NULL), DLX_ERR_INVALID);
	ck_assert_int_eq(dlx_ec_write(stdout, NULL, NULL), DLX_ERR_INVALID);
	dlx_ec_free(ec);
}
END_TEST

START_TEST(bad_input_is_reported)
{
	const struct bad_case *bc = &bad_cases[_i];
	dlx_ec *ec = (dlx_ec *)1;
	dlx_error_info err;
	size_t len = bc->len ? bc->len : strlen(bc->text);
	int r = read_text(bc->text, len, &ec, &err);
	ck_assert_int_eq(r, DLX_ERR_SYNTAX);
	ck_assert_ptr_null(ec);
	ck_assert_str_eq(err.message, bc->message);
	ck_assert_uint_eq(err.line, bc->line);
}
END_TEST

/* What DLX_EC_STRICT refuses and a plain read leaves out (Knuth's DLX2). */
static const struct bad_case strict_cases[] = {
	{ "a | b\nb\n", 0, 2, "option has no primary item, so it could never be chosen" },
	{ " | a b\n", 0, 1, "no primary items before '|'" },
	{ "\t|\n", 0, 1, "no primary items before '|'" },
	{ "a b | x y\nx\na x\nx y:c\nb\n", 0, 2, "option has no primary item, so it could never be chosen" },
};
/* Their solutions once read without the flag: an empty problem has one, the empty one. */
static const uint64_t strict_case_counts[] = { 0, 1, 1, 1 };

START_TEST(strict_refuses_what_is_left_out)
{
	const struct bad_case *bc = &strict_cases[_i];
	dlx_ec *ec = (dlx_ec *)1;
	dlx_error_info err;
	size_t len = strlen(bc->text);
	ck_assert_int_eq(read_text_flags(bc->text, len, DLX_EC_STRICT, &ec, &err), DLX_ERR_SYNTAX);
	ck_assert_ptr_null(ec);
	ck_assert_str_eq(err.message, bc->message);
	ck_assert_uint_eq(err.line, bc->line);
	/* Without the flag: read, the options without a primary item left out and counted. */
	ck_assert_int_eq(read_text(bc->text, len, &ec, &err), DLX_OK);
	ck_assert_str_eq(err.message, "");
	dlx_problem *p = dlx_ec_problem(ec);
	size_t first, dropped = dlx_ec_dropped(ec, &first);
	ck_assert_uint_eq(first, dropped ? bc->line : 0);
	for (size_t o = 0; o < dlx_option_count(p); o++) {
		bool primary = false;
		for (size_t k = 0; k < dlx_option_size(p, o); k++)
			primary |= dlx_option_item(p, o, k) < dlx_primary_count(p);
		ck_assert(primary);
	}
	ck_assert_uint_eq(count(ec), strict_case_counts[_i]);
	dlx_ec_free(ec);
}
END_TEST

START_TEST(dropped_options_are_counted)
{
	/* Lines 3 and 5 have no primary item; line 2 is a comment. */
	static const char text[] = "a b | x y\n| comment\nx\na x\ny:red x\nb y\n";
	dlx_ec *ec;
	dlx_error_info err;
	ck_assert_int_eq(read_text(text, strlen(text), &ec, &err), DLX_OK);
	size_t first = 99;
	ck_assert_uint_eq(dlx_ec_dropped(ec, &first), 2);
	ck_assert_uint_eq(first, 3);
	ck_assert_uint_eq(dlx_option_count(dlx_ec_problem(ec)), 2);
	ck_assert_uint_eq(dlx_ec_option_line(ec, 0), 4);
	ck_assert_uint_eq(dlx_ec_option_line(ec, 1), 6);
	ck_assert_uint_eq(count(ec), 1);
	dlx_ec_free(ec);
	ck_assert_uint_eq(dlx_ec_dropped(NULL, &first), 0);
	ck_assert_uint_eq(first, 0);
	/* An unknown flag is refused. */
	ec = (dlx_ec *)1;
	ck_assert_int_eq(read_text_flags(text, strlen(text), 2, &ec, &err), DLX_ERR_INVALID);
	ck_assert_ptr_null(ec);
}
END_TEST

START_TEST(name_length_limit)
{
	char text[200];
	dlx_ec *ec;
	dlx_error_info err;
	/* 64 characters are fine, 65 are not. */
	snprintf(text, sizeof text, "%.64s\n%.64s\n", long_name, long_name);
	ck_assert_int_eq(read_text(text, strlen(text), &ec, &err), DLX_OK);
	dlx_ec_free(ec);
	snprintf(text, sizeof text, "x %s\nx\n", long_name);
	ck_assert_int_eq(read_text(text, strlen(text), &ec, &err), DLX_ERR_SYNTAX);
	ck_assert_uint_eq(err.line, 1);
	ck_assert_str_eq(err.message, "item name longer than 64 characters: "
				      "'a234567890123456789012345678901234567890...'");
}
END_TEST

START_TEST(random_bytes_never_crash)
{
	/* Cheap smoke fuzzing: the real fuzzing lives in the libFuzzer harnesses. */
	uint64_t s = 12345;
	char buf[256];
	for (int trial = 0; trial < 5000; trial++) {
		size_t len = 0;
		s = s * 6364136223846793005u + 1442695040888963407u;
		size_t n = (s >> 33) % sizeof buf;
		static const char alphabet[] = "ab c|\n\n:\t\r\0xyz";
		for (; len < n; len++) {
			s = s * 6364136223846793005u + 1442695040888963407u;
			buf[len] = (s >> 40) % 4 ? alphabet[(s >> 33) % (sizeof alphabet - 1)] : (char)(s >> 48);
		}
		dlx_ec *ec;
		dlx_error_info err;
		int r = read_text(buf, len, &ec, &err);
		if (r == DLX_OK) {
			const char *what;
			ck_assert_int_eq(dlx__check(dlx_ec_problem(ec), &what), 0);
			count(ec);
			dlx_ec_free(ec);
		} else {
			ck_assert_int_eq(r, DLX_ERR_SYNTAX);
			ck_assert(err.message[0] != '\0');
		}
	}
}
END_TEST

static Suite *ec_suite(void)
{
	Suite *s = suite_create("ec");
	TCase *tc = tcase_create("read");
	tcase_add_test(tc, reads_knuth_example);
	tcase_add_test(tc, secondary_items);
	tcase_add_test(tc, layout_variants);
	tcase_add_test(tc, long_lines_and_many_options);
	tcase_add_test(tc, reads_bounds_and_costs);
	tcase_add_test(tc, writes_what_it_reads);
	suite_add_tcase(s, tc);
	tc = tcase_create("errors");
	tcase_add_loop_test(tc, bad_input_is_reported, 0, (int)(sizeof bad_cases / sizeof bad_cases[0]));
	tcase_add_loop_test(tc, strict_refuses_what_is_left_out, 0,
			    (int)(sizeof strict_cases / sizeof strict_cases[0]));
	tcase_add_test(tc, dropped_options_are_counted);
	tcase_add_test(tc, name_length_limit);
	tcase_add_test(tc, random_bytes_never_crash);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ec_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
