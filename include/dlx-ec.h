/**
 * @file dlx-ec.h
 * @brief Reading exact-cover problems in Knuth's text format.
 *
 * The format (as read by Knuth's DLX programs):
 * - Lines whose first character is `|` are comments; blank lines are ignored.
 * - The first other line names the items, separated by spaces or tabs.
 *   A `|` ends the primary items; the names after it are secondary.
 * - Every further line is one option: the names of the items it covers.
 *   A secondary item may be written `item:color` to give it a color in this
 *   option (Knuth's exact covering with colors, as read by his DLX2): two
 *   options may share the item only if both give it the same color.
 * - Item and color names are 1 to #DLX_EC_NAME_MAX printable ASCII
 *   characters other than space, `|` and `:`.  Lines may end in LF, CRLF
 *   or a CR alone; the last newline may be missing; lines may be of any
 *   length; a UTF-8 byte order mark at the start of the text is skipped.
 *
 * An option with no primary item could never be chosen (the search branches
 * on primary items only): as Knuth's DLX2 does, it is checked like any
 * other, then left out, and dlx_ec_dropped() tells how many were and where
 * the first stood; an item line with no primary item makes a problem whose
 * one solution is empty.  #DLX_EC_STRICT makes both errors instead.
 *
 * Rejected, with the line number: unknown items, an item twice in one
 * option or in the item line, a color on a primary item, an empty name,
 * over-long names, bytes outside printable ASCII (binary files), a missing
 * item line.
 *
 * Usage:
 * @code
 *   dlx_ec *ec;
 *   dlx_error_info err;
 *   int rc = dlx_ec_read(in, &ec, &err);
 *   if (rc == DLX_OK) {
 *       dlx_stats st;
 *       dlx_search(dlx_ec_problem(ec), NULL, &st);
 *       dlx_ec_free(ec);
 *   } else if (err.line) {                // bad text: err.message says what is wrong
 *       fprintf(stderr, "%s:%zu: %s\n", file, err.line, err.message);
 *   } else {                              // e.g. a read error
 *       fprintf(stderr, "%s: %s\n", file, err.message[0] ? err.message : dlx_strerror(rc));
 *   }
 * @endcode
 * (A program should also say when dlx_ec_dropped() is not 0, as `dlx` does.)
 */
#ifndef DLX_EC_H
#define DLX_EC_H

#include <stdint.h>
#include <stdio.h>

#include "dlx-export.h"
#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Longest item name, in bytes. */
#define DLX_EC_NAME_MAX 64

/** A problem read from text, with its item names and option line numbers (opaque). */
typedef struct dlx_ec dlx_ec;

/**
 * Reads a whole problem from @p in (not closed).
 *
 * @param out  on success, a new dlx_ec owned by the caller (dlx_ec_free())
 * @param err  where and why reading failed (may be NULL): for
 *             #DLX_ERR_SYNTAX the line at fault and what is wrong with it,
 *             e.g. "unknown item 'x'"; line 0 for the other errors and for
 *             text with no item line.  Emptied on success.
 * @return #DLX_OK; #DLX_ERR_SYNTAX for bad text; #DLX_ERR_IO on a read
 *         error; #DLX_ERR_NOMEM; #DLX_ERR_TOO_BIG; #DLX_ERR_INVALID if in or
 *         out is NULL.  On failure *out is NULL (when out is not).
 * Complexity: O(input size); memory O(input size).
 */
DLX_API int dlx_ec_read(FILE *in, dlx_ec **out, dlx_error_info *err);

/** dlx_ec_read_flags(): options with no primary item, and an item line with none, are errors. */
#define DLX_EC_STRICT 1u

/**
 * dlx_ec_read() with @p flags: 0, or #DLX_EC_STRICT.
 * @return as dlx_ec_read(); #DLX_ERR_INVALID also for an unknown flag.
 */
DLX_API int dlx_ec_read_flags(FILE *in, unsigned flags, dlx_ec **out, dlx_error_info *err);

/**
 * How many options the read left out for having no primary item (0 with
 * #DLX_EC_STRICT, or for NULL); *first_line (if not NULL) gets the input
 * line of the first of them, 0 if none.  O(1).
 */
DLX_API size_t dlx_ec_dropped(const dlx_ec *ec, size_t *first_line);

/** Frees what dlx_ec_read() made, the problem included. NULL is a no-op. */
DLX_API void dlx_ec_free(dlx_ec *ec);

/** The problem, owned by @p ec; search it with dlx_search(). */
DLX_API dlx_problem *dlx_ec_problem(dlx_ec *ec);

/** The name of item @p item (NUL-terminated, owned by ec), or NULL if out of range. */
DLX_API const char *dlx_ec_item_name(const dlx_ec *ec, size_t item);

/**
 * The name of color @p color (1, 2, ... in order of first appearance, as
 * dlx_option_color() returns them), owned by ec; NULL for 0 or out of range.
 */
DLX_API const char *dlx_ec_color_name(const dlx_ec *ec, uint32_t color);

/** The input line on which option @p opt stood (1-based), or 0 if out of range. */
DLX_API size_t dlx_ec_option_line(const dlx_ec *ec, size_t opt);

/**
 * Writes the problem of @p ec in the format dlx_ec_read() reads: the item
 * line (bounds as `u:v|name` or `v|name`, `|` before the secondary items),
 * then each option but those with @p skip[opt] non-zero (skip: NULL, or
 * dlx_option_count() entries), as its items' names in the option's order,
 * `item:color` for a colored secondary item, ` |C` at the end for a cost C
 * other than 0.  Comments, spacing and the options the reader dropped are
 * not in the problem and not written.  Reading what it wrote gives the
 * same problem without the skipped options.
 * @return #DLX_OK; #DLX_ERR_IO if out has an error after writing;
 *         #DLX_ERR_INVALID for a NULL out or ec.
 * Complexity: O(size of the text written).
 */
DLX_API int dlx_ec_write(FILE *out, dlx_ec *ec, const unsigned char *skip);

/**
 * Writes diagram z of problem p as text (README, "Diagrams of all
 * solutions"): a header line "dlx-zdd 1 items P S options O nodes N root R
 * count C fingerprint F", then a line "ID OPTION LO HI" per node, ids 2 to
 * N + 1 in order; 0 and 1 are the terminals, options are numbered from 0
 * in the problem's order.
 * @return #DLX_OK; #DLX_ERR_IO if out has an error after writing;
 *         #DLX_ERR_NOMEM; #DLX_ERR_INVALID for a NULL argument.
 * Complexity: O(nodes).
 */
DLX_API int dlx_ec_zdd_write(FILE *out, const dlx_zdd *z, const dlx_problem *p);

/**
 * Reads a diagram that dlx_ec_zdd_write() wrote for problem p, trusting
 * nothing: the header must name p (its item and option counts and
 * fingerprint), each line its node, the nodes must pass
 * dlx_zdd_from_nodes()'s checks (every way a distinct solution of p), and
 * their count must be the header's.
 *
 * @param out  on success the diagram (dlx_zdd_free()); else NULL
 * @param err  for #DLX_ERR_SYNTAX the line at fault (1: the header) and
 *             what is wrong; may be NULL
 * @return #DLX_OK; #DLX_ERR_SYNTAX; #DLX_ERR_IO on a read error;
 *         #DLX_ERR_NOMEM; #DLX_ERR_INVALID for a NULL in, p or out.
 * Complexity: O(input size + the checks of dlx_zdd_from_nodes()).
 */
DLX_API int dlx_ec_zdd_read(FILE *in, const dlx_problem *p, dlx_zdd **out, dlx_error_info *err);

#ifdef __cplusplus
}
#endif

#endif /* DLX_EC_H */
