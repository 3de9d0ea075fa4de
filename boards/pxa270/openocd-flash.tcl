# Writing an image to a PXA270 board's boot flash through JTAG, shared by
# the boards' OpenOCD configs (boards/verdex/openocd.cfg,
# boards/mainstone/openocd.cfg), which define the target and the bank.
# boards/pxa270/flash.sh checks the image against the board's flash
# layout (boards/<board>/flash.mk) before it calls this:
#
#   pxa270_flash IMAGE ADDRESS
#
# writes IMAGE (a raw .bin) at ADDRESS and erases only the blocks the
# image covers: with ADDRESS at the start of a block past the boot
# loader and its environment, U-Boot stays as it was.

proc pxa270_flash {image address} {
	init
	reset halt
	# Intel P30/L18/StrataFlash blocks may come up locked: unlock, then
	# erase only what the image covers
	flash write_image erase unlock $image $address bin
	verify_image $image $address bin
	reset run
	shutdown
}
