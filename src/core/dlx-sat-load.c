/*
 * Loading the SAT engine's module (dlx-sat-module.h) the first time a
 * search asks for it.  Where it is looked for, in order:
 *
 * 0. beside the object holding this code, when that is a shared object
 *    (not the program): the Python package's extension carries its own
 *    copy there, in the wheel as in the build tree (python/dlx/meson.build);
 * 1. the directories where the object holding this code (a program, or
 *    libdlx.so) would look for a library by name, as the dynamic loader
 *    lists them (dlinfo(RTLD_DI_SERINFO)): its run path (the build tree's
 *    programs and tests have one there, meson's build_rpath, dropped at
 *    install), LD_LIBRARY_PATH, the system's directories.  Each is tried
 *    as a full path: dlopen() by bare name would search the run path of
 *    whoever calls it, which under the sanitizers is their runtime, since
 *    it intercepts dlopen();
 * 2. where `meson install` puts it, DLX_SAT_MODULE_PATH (an absolute path:
 *    libdir/dlx/).
 *
 * Once loaded it stays for the life of the process: a solver of another
 * thread may be running in it, and loading costs a millisecond or two.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlx-sat-module.h"

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const struct dlx__sat_module *loaded;
static char why[1024];

#define WHY_PREFIX "cannot load the SAT engine's module ("

/* The module at name, or NULL with what went wrong appended to why. */
static const struct dlx__sat_module *try_load(const char *name)
{
	size_t used = strlen(why);
	const char *sep = used > strlen(WHY_PREFIX) ? "; " : "";
	void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *e = dlerror();
		snprintf(why + used, sizeof why - used, "%s%s", sep, e ? e : name);
		return NULL;
	}
	const struct dlx__sat_module *m = dlsym(h, DLX__SAT_MODULE_SYMBOL);
	if (!m || m->abi != DLX__SAT_MODULE_ABI) {
		snprintf(why + used, sizeof why - used, "%s%s: %s", sep, name,
			m ? "a SAT engine's module of another version of dlx" : "not a SAT engine's module of dlx");
		dlclose(h);
		return NULL;
	}
	return m;
}

/* The module from the first directory of this object's library search path that has a file of its name. */
static const struct dlx__sat_module *try_search_path(void)
{
	const struct dlx__sat_module *m = NULL;
	bool seen = false;
#ifdef __GLIBC__ /* dladdr1() and dlinfo(RTLD_DI_SERINFO) */
	Dl_info info;
	struct link_map *self = NULL;
	Dl_serinfo size;
	if (!dladdr1((void *)(uintptr_t)&dlx__sat_module, &info, (void **)&self, RTLD_DL_LINKMAP) || !self ||
		dlinfo(self, RTLD_DI_SERINFOSIZE, &size) != 0)
		return try_load(DLX_SAT_MODULE_NAME);
	Dl_serinfo *dirs = malloc(size.dls_size);
	if (!dirs)
		return try_load(DLX_SAT_MODULE_NAME);
	*dirs = size;
	if (dlinfo(self, RTLD_DI_SERINFO, dirs) == 0)
		for (unsigned k = 0; k < dirs->dls_cnt && !m; k++) {
			char path[4096];
			int n = snprintf(path, sizeof path, "%s/%s", dirs->dls_serpath[k].dls_name, DLX_SAT_MODULE_NAME);
			if (n > 0 && (size_t)n < sizeof path && access(path, F_OK) == 0) {
				seen = true;
				m = try_load(path);
			}
		}
	free(dirs);
	if (!m && !seen) {
		size_t used = strlen(why);
		snprintf(why + used, sizeof why - used, "%s%s: not on the library search path",
			used > strlen(WHY_PREFIX) ? "; " : "", DLX_SAT_MODULE_NAME);
	}
#else
	(void)seen;
	m = try_load(DLX_SAT_MODULE_NAME);
#endif
	return m;
}

/*
 * The module beside the shared object holding this code, if there is a file
 * of its name there; NULL otherwise (why says so only when it is there and
 * fails to load).  Not beside a program: its directory is not for libraries.
 */
static const struct dlx__sat_module *try_beside(void)
{
#ifdef __GLIBC__
	Dl_info info;
	struct link_map *self = NULL;
	if (!dladdr1((void *)(uintptr_t)&dlx__sat_module, &info, (void **)&self, RTLD_DL_LINKMAP) || !self ||
		!info.dli_fname || !self->l_name || !self->l_name[0])
		return NULL; /* the program itself: its link map's name is empty */
	const char *slash = strrchr(info.dli_fname, '/');
	if (!slash)
		return NULL;
	char path[4096];
	int n = snprintf(path, sizeof path, "%.*s/%s", (int)(slash - info.dli_fname), info.dli_fname,
		DLX_SAT_MODULE_NAME);
	if (n <= 0 || (size_t)n >= sizeof path || access(path, F_OK) != 0)
		return NULL;
	return try_load(path);
#else
	return NULL;
#endif
}

/* Every place tried, each with its error: the first may have failed for a reason other than absence. */
static void load(void)
{
	strcpy(why, WHY_PREFIX);
	loaded = try_beside();
	if (!loaded)
		loaded = try_search_path();
	if (!loaded)
		loaded = try_load(DLX_SAT_MODULE_PATH);
	size_t used = strlen(why);
	if (!loaded && used + 2 <= sizeof why)
		strcpy(why + used, ")");
}

const struct dlx__sat_module *dlx__sat_module(const char **reason)
{
	pthread_once(&load_once, load);
	if (reason)
		*reason = loaded ? "" : why;
	return loaded;
}
