/* dlx's diagram mode: --zdd, --from-zdd, --sample (dlx-zdd-cli.c). */
#ifndef DLX_ZDD_CLI_H
#define DLX_ZDD_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "dlx-ec.h"
#include "dlx.h"

struct zdd_request {
	const char *write_file; /* --zdd FILE, or NULL */
	const char *read_file;  /* --from-zdd FILE, or NULL */
	bool sampling;          /* --sample N given */
	uint64_t sample, seed;
	dlx_memo_params mp;     /* the build's rule and budget */
	uint64_t node_limit;
	bool count, list, quiet, stats; /* list: --all */
	uint64_t limit;         /* --limit N, 0 without */
};

/*
 * Gets the diagram of ec's problem (built, or read from read_file and
 * checked), writes it to write_file, then prints what was asked through
 * print (solutions) and stdout (the count).  Returns the exit status.
 */
int zdd_run(const struct zdd_request *rq, dlx_ec *ec, dlx_solution_fn print, void *print_ctx,
	    struct cli_limits *lim);

#endif
