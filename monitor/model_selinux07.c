/*
 * GCC 12's one-file build of the selinux07 models (SEL07_BUILD=gcc12):
 * the 2007 build's sources (monitor/sel07/) as one translation unit, with
 * the firmware's own flags.  GCC 12 then optimises across what Linux had
 * in separate files: it keeps the out-of-line functions out of line
 * (noinline, not noipa) but propagates constants into them and lets their
 * callers keep registers across the calls (IPA-RA), inlines as it likes,
 * and expands memset and memcpy itself.  Beside the 2007 build, the same
 * C shows what the compiler and the file split do (make seed000).
 */
#define SEL07_ONE_FILE 1
#define SEL07_STRCALLS 0
#include "sel07/sidtab.c"
#include "sel07/avtab.c"
#include "sel07/services.c"
#include "sel07/avc.c"
#include "sel07/hooks.c"
#include "sel07/selinux.c"
