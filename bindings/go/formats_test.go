package gpukit

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"
	"testing"
)

// zcashG1 writes wire BLS12-381 G1 points (x || y, 48 bytes each,
// little-endian) in the ZCash compressed form: x big-endian, the first
// byte's top bits flagging compression (0x80), the identity (0x40, zero
// bytes in the wire format) and y > p − y (0x20), the larger root.
func zcashG1(t *testing.T, wire []byte) []byte {
	const field = 48
	p := new(big.Int).SetBytes(reversed(mustHex(t, baseModulusHex[BLS12381G1])))
	var out []byte
	for i := 0; i < len(wire); i += 2 * field {
		x, y := wire[i:i+field], wire[i+field:i+2*field]
		encoded := reversed(x)
		yInt := new(big.Int).SetBytes(reversed(y))
		switch {
		case bytes.Equal(wire[i:i+2*field], make([]byte, 2*field)):
			encoded[0] = 0xc0
		case yInt.Cmp(new(big.Int).Sub(p, yInt)) > 0:
			encoded[0] |= 0xa0
		default:
			encoded[0] |= 0x80
		}
		out = append(out, encoded...)
	}
	return out
}

// xOnly writes a wire secp256k1 point as a BIP340 x-only key: x
// big-endian; the identity (zero bytes) stays zero bytes.
func xOnly(wire []byte) []byte {
	return reversed(wire[:32])
}

// evenY keeps the points of a secp256k1 case whose y is even, and their
// scalars: the points that x-only keys stand for, so that the x-only
// call and the uncompressed one sum the same points.
func evenY(c katCase) (points, scalars []byte) {
	const pb = 64
	for i := 0; i < int(c.n); i++ {
		if c.points[i*pb+32]&1 == 0 {
			points = append(points, c.points[i*pb:(i+1)*pb]...)
			scalars = append(scalars, c.scalars[i*ScalarBytes:(i+1)*ScalarBytes]...)
		}
	}
	return points, scalars
}

// expectFormat checks that an MSM over points in format, on each backend
// and through resident bases, gives want.
func expectFormat(t *testing.T, what string, curve Curve, format PointFormat, points, scalars, want []byte) {
	t.Helper()
	for _, backend := range backends() {
		got, err := MSMWithConfig(curve, points, scalars, Config{Backend: backend, PointFormat: format})
		expectResult(t, fmt.Sprintf("%s backend %s", what, backendNames[backend]), got, err, want)
	}
	if len(scalars) == 0 {
		return // resident bases of zero points are not a meaningful handle
	}
	bases, err := NewBases(curve, points, Config{PointFormat: format})
	if err != nil {
		t.Errorf("%s: NewBases: %v", what, err)
		return
	}
	defer bases.Close()
	got, err := bases.MSM(scalars)
	expectResult(t, what+" resident bases", got, err, want)
}

// expectBadEncoding sets point index to all ones (no valid flags, x ≥ p)
// and checks that both entries report ErrBadEncoding naming that point.
func expectBadEncoding(t *testing.T, curve Curve, format PointFormat, points, scalars []byte, index int) {
	t.Helper()
	pb := curve.FormatPointBytes(format)
	bad := append([]byte(nil), points...)
	copy(bad[index*pb:(index+1)*pb], bytes.Repeat([]byte{0xff}, pb))
	config := Config{PointFormat: format}
	_, err := MSMWithConfig(curve, bad, scalars, config)
	for what, err := range map[string]error{"MSMWithConfig": err, "NewBases": newBasesErr(curve, bad, config)} {
		expectErr(t, what, err, ErrBadEncoding)
		// The library's messages read "point <index>: ..." (src/formats/mod.rs).
		if want := fmt.Sprintf("point %d:", index); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v does not name %q", what, err, want)
		}
	}
}

// TestCompressedBLS12381G1 runs every BLS12-381 G1 known answer with its
// points in the ZCash compressed form: the result is the uncompressed
// call's, compressed.
func TestCompressedBLS12381G1(t *testing.T) {
	var largest katCase
	for i, c := range mustReadKAT(t, BLS12381G1) {
		want, err := MSM(BLS12381G1, c.points, c.scalars)
		if err != nil {
			t.Fatalf("case %d: uncompressed: %v", i, err)
		}
		expectFormat(t, fmt.Sprintf("case %d (n=%d)", i, c.n), BLS12381G1, PointCompressed,
			zcashG1(t, c.points), c.scalars, zcashG1(t, want))
		if c.n > largest.n {
			largest = c
		}
	}
	expectBadEncoding(t, BLS12381G1, PointCompressed, zcashG1(t, largest.points), largest.scalars, 5)
}

// TestXOnlySecp256k1 runs the even-y points of every secp256k1 known
// answer as BIP340 x-only keys: the result is the x of the uncompressed
// call's over the same points.
func TestXOnlySecp256k1(t *testing.T) {
	var largest, largestScalars []byte
	for i, c := range mustReadKAT(t, Secp256k1) {
		points, scalars := evenY(c)
		want, err := MSM(Secp256k1, points, scalars)
		if err != nil {
			t.Fatalf("case %d: uncompressed: %v", i, err)
		}
		var keys []byte
		for j := 0; j < len(points); j += 64 {
			keys = append(keys, xOnly(points[j:j+64])...)
		}
		expectFormat(t, fmt.Sprintf("case %d (%d of n=%d)", i, len(scalars)/ScalarBytes, c.n),
			Secp256k1, PointXOnly, keys, scalars, xOnly(want))
		if len(keys) > len(largest) {
			largest, largestScalars = keys, scalars
		}
	}
	expectBadEncoding(t, Secp256k1, PointXOnly, largest, largestScalars, 5)
}
