/* dlx --best K: the K cheapest solutions (dlx_search_best()), printed. */
#ifndef DLX_BEST_CLI_H
#define DLX_BEST_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "dlx-ec.h"
#include "dlx.h"

/*
 * Searches ec's problem for its k cheapest solutions with sp's limits and
 * poll; prints them (unless quiet) as "cost C", the options (their names,
 * or with numbers their input lines) and an empty line, cheapest first,
 * then "ties: N solutions cost C" for the K-th cost; the statistics in *st
 * and the kept costs in *costs (a line for --stats, malloc'd, NULL when
 * memory is short).  Returns dlx_search_best()'s code.
 */
int best_run(dlx_ec *ec, const dlx_search_params *sp, uint64_t k, bool numbers, bool quiet, dlx_stats *st,
	     char **costs);

#endif
