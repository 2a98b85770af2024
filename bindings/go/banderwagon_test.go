package gpukit

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"testing"
)

// bandersnatchP is the base field modulus of Bandersnatch (BLS12-381's r).
var bandersnatchP, _ = new(big.Int).SetString(
	"73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16)

// verkleCRS generates the Verkle CRS as the spec defines it: x =
// SHA-256("eth_verkle_oct_2021" || i as u64 big-endian) mod p, kept where
// it decodes as a Banderwagon element (a one-point MSM with scalar 1
// decodes and re-encodes it).
func verkleCRS(t *testing.T) [][]byte {
	one := make([]byte, ScalarBytes)
	one[0] = 1
	config := Config{Backend: BackendSerial, PointFormat: PointCompressed}
	var crs [][]byte
	for i := uint64(0); len(crs) < 256; i++ {
		var index [8]byte
		binary.BigEndian.PutUint64(index[:], i)
		hash := sha256.Sum256(append([]byte("eth_verkle_oct_2021"), index[:]...))
		x := new(big.Int).Mod(new(big.Int).SetBytes(hash[:]), bandersnatchP)
		point, err := MSMWithConfig(Banderwagon, x.FillBytes(make([]byte, 32)), one, config)
		if err == nil {
			crs = append(crs, point)
		}
	}
	return crs
}

// TestVerkleCommitment checks go-ipa's known answers: the CRS's first
// point and the commitment to 1..=32 repeated 8 times, through one-shot
// calls and resident bases in the compressed Banderwagon format.
func TestVerkleCommitment(t *testing.T) {
	crs := verkleCRS(t)
	if got := hex.EncodeToString(crs[0]); got != "01587ad1336675eb912550ec2a28eb8923b824b490dd2ba82e48f14590a298a0" {
		t.Fatalf("CRS point 0 = %s", got)
	}
	var points, scalars []byte
	for i, p := range crs {
		points = append(points, p...)
		s := make([]byte, ScalarBytes)
		s[0] = byte(i%32 + 1)
		scalars = append(scalars, s...)
	}
	const want = "1b9dff8f5ebbac250d291dfe90e36283a227c64b113c37f1bfb9e7a743cdb128"
	config := Config{PointFormat: PointCompressed}
	got, err := MSMWithConfig(Banderwagon, points, scalars, config)
	if err != nil || hex.EncodeToString(got) != want {
		t.Fatalf("MSMWithConfig = %x, %v; want %s", got, err, want)
	}
	bases, err := NewBases(Banderwagon, points, config)
	if err != nil {
		t.Fatal(err)
	}
	defer bases.Close()
	got, err = bases.MSM(scalars)
	if err != nil || hex.EncodeToString(got) != want {
		t.Fatalf("Bases.MSM = %x, %v; want %s", got, err, want)
	}
	big := Config{PointFormat: PointCompressed, ScalarOrder: ScalarBigEndian}
	reversed := make([]byte, len(scalars))
	for i := range scalars {
		reversed[i] = scalars[i/32*32+31-i%32]
	}
	got, err = MSMWithConfig(Banderwagon, points, reversed, big)
	if err != nil || hex.EncodeToString(got) != want {
		t.Fatalf("big-endian scalars: %x, %v; want %s", got, err, want)
	}
	if _, err := MSMWithConfig(BN254G1, points[:64], scalars[:32],
		Config{PointFormat: PointBanderwagonUncompressed}); err == nil {
		t.Fatal("a Banderwagon format on BN254 was accepted")
	}
}
