package gpukit

// The only file that calls the library's entries. Each C helper below makes
// the call and copies gpukit_last_error() within one cgo call: the message is
// thread-local, and between two cgo calls a goroutine may move to another OS
// thread.

/*
#include <stddef.h>
#include "gpukit.h"

static int gk_status(int status, char *err, size_t err_len) {
	if (status != GPUKIT_OK) {
		const char *msg = gpukit_last_error();
		size_t i = 0;
		for (; msg != NULL && msg[i] != '\0' && i + 1 < err_len; i++) err[i] = msg[i];
		err[i] = '\0';
	}
	return status;
}

static int gk_msm(uint8_t curve, const uint8_t *points, const uint8_t *scalars, uint8_t *out,
                  uint32_t n, int blinded, char *err, size_t err_len) {
	int status = blinded ? gpukit_pippenger_msm_blinded(curve, points, scalars, out, n, 0)
	                     : gpukit_pippenger_msm(curve, points, scalars, out, n, 0);
	return gk_status(status, err, err_len);
}

static int gk_msm_ex(uint8_t curve, const uint8_t *points, const uint8_t *scalars, uint8_t *out,
                     uint32_t n, const gpukit_config *config, char *err, size_t err_len) {
	return gk_status(gpukit_msm_ex(curve, points, scalars, out, n, config), err, err_len);
}

static int gk_msm_batch(uint8_t curve, const uint8_t *points, uint32_t point_sets, const uint8_t *scalars,
                        uint32_t n, uint32_t batch, const gpukit_config *config, uint8_t *out, char *err,
                        size_t err_len) {
	return gk_status(gpukit_msm_batch(curve, points, point_sets, scalars, n, batch, config, out), err, err_len);
}

static int gk_bases_new(uint8_t curve, const uint8_t *points, uint32_t n,
                        const gpukit_config *config, gpukit_bases **bases, char *err, size_t err_len) {
	return gk_status(gpukit_bases_new(curve, points, n, config, bases), err, err_len);
}

// One MSM goes through gpukit_bases_msm, several through the batch entry.
static int gk_bases_device_info(const gpukit_bases *bases, uint32_t *copies, uint32_t *window,
                                uint32_t *multiples, uint64_t *device_bytes, char *err, size_t err_len) {
	return gk_status(gpukit_bases_device_info(bases, copies, window, multiples, device_bytes), err, err_len);
}

static int gk_bases_msm(const gpukit_bases *bases, const uint8_t *scalars, uint32_t n,
                        uint32_t batch, uint8_t *out, char *err, size_t err_len) {
	int status = batch == 1 ? gpukit_bases_msm(bases, scalars, n, out)
	                        : gpukit_bases_msm_batch(bases, scalars, n, batch, out);
	return gk_status(status, err, err_len);
}

static int gk_host_register(const void *ptr, size_t bytes, char *err, size_t err_len) {
	return gk_status(gpukit_host_register(ptr, bytes), err, err_len);
}

static int gk_host_unregister(const void *ptr, char *err, size_t err_len) {
	return gk_status(gpukit_host_unregister(ptr), err, err_len);
}
*/
import "C"

import "unsafe"

// errBuf receives the library's message of a failed call.
type errBuf [512]C.char

func (b *errBuf) ptr() *C.char { return &b[0] }

func (b *errBuf) result(status C.int) error {
	if status == C.GPUKIT_OK {
		return nil
	}
	return newError(Status(status), C.GoString(b.ptr()))
}

func callMSM(curve Curve, points, scalars, out []byte, n uint32, blinded bool) error {
	var err errBuf
	b := C.int(0)
	if blinded {
		b = 1
	}
	status := C.gk_msm(C.uint8_t(curve), cBytes(points), cBytes(scalars), cBytes(out), C.uint32_t(n),
		b, err.ptr(), C.size_t(len(err)))
	return err.result(status)
}

func callMSMEx(curve Curve, points, scalars, out []byte, n uint32, config Config) error {
	var err errBuf
	c := config.toC()
	status := C.gk_msm_ex(C.uint8_t(curve), cBytes(points), cBytes(scalars), cBytes(out),
		C.uint32_t(n), &c, err.ptr(), C.size_t(len(err)))
	return err.result(status)
}

func callMSMBatch(curve Curve, points []byte, pointSets uint32, scalars []byte, n, batch uint32, out []byte,
	config Config) error {
	var err errBuf
	c := config.toC()
	status := C.gk_msm_batch(C.uint8_t(curve), cBytes(points), C.uint32_t(pointSets), cBytes(scalars),
		C.uint32_t(n), C.uint32_t(batch), &c, cBytes(out), err.ptr(), C.size_t(len(err)))
	return err.result(status)
}

func callBasesNew(curve Curve, points []byte, n uint32, config Config) (*C.gpukit_bases, error) {
	var err errBuf
	var handle *C.gpukit_bases
	c := config.toC()
	status := C.gk_bases_new(C.uint8_t(curve), cBytes(points), C.uint32_t(n), &c, &handle,
		err.ptr(), C.size_t(len(err)))
	return handle, err.result(status)
}

func callBasesMSM(handle *C.gpukit_bases, scalars []byte, n, batch uint32, out []byte) error {
	var err errBuf
	status := C.gk_bases_msm(handle, cBytes(scalars), C.uint32_t(n), C.uint32_t(batch), cBytes(out),
		err.ptr(), C.size_t(len(err)))
	return err.result(status)
}

func callBasesDeviceInfo(handle *C.gpukit_bases) (DeviceTables, error) {
	var err errBuf
	var copies, window, multiples C.uint32_t
	var deviceBytes C.uint64_t
	status := C.gk_bases_device_info(handle, &copies, &window, &multiples, &deviceBytes, err.ptr(),
		C.size_t(len(err)))
	return DeviceTables{Copies: uint32(copies), Window: uint32(window), Multiples: uint32(multiples),
		DeviceBytes: uint64(deviceBytes)}, err.result(status)
}

func callBasesFree(handle *C.gpukit_bases) {
	C.gpukit_bases_free(handle)
}

// callHostRegister page-locks buf, which the caller has pinned (runtime.Pinner)
// so that the library may keep its address until callHostUnregister.
func callHostRegister(buf []byte) error {
	var err errBuf
	status := C.gk_host_register(unsafe.Pointer(unsafe.SliceData(buf)), C.size_t(len(buf)), err.ptr(),
		C.size_t(len(err)))
	return err.result(status)
}

func callHostUnregister(buf []byte) error {
	var err errBuf
	status := C.gk_host_unregister(unsafe.Pointer(unsafe.SliceData(buf)), err.ptr(), C.size_t(len(err)))
	return err.result(status)
}
