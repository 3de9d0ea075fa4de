/*
 * A user's own device's image (make DEVICE=DIR): glue.c starts it,
 * bench.c reports what its checks cost once its tasks have exited.
 */
#ifndef DEVICE_H
#define DEVICE_H

#include <stdint.h>

#ifndef DEVICE_NAME
#error "DEVICE_NAME: the device's name, from the build (device/device.mk)"
#endif

/* The report task: privileged, at the lowest priority, asleep until
 * every task of the manifest has exited. */
void device_report_main(uintptr_t unused);

#endif
