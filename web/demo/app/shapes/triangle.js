// A triangle input: three corners. In a slot its corners are C + U, C + V and C − U − V (its centroid is C).
import * as THREE from "three";
import { material, setColor } from "../draw.js";

export default {
  kind: "triangle",
  name: "Triangle",
  uses: { u: true, v: true },
  fromSlot: (k) => ({
    a: k.c.clone().add(k.u),
    b: k.c.clone().add(k.v),
    c: k.c.clone().sub(k.u).sub(k.v),
  }),
  view(ctx, color) {
    const mesh = ctx.add(
      new THREE.Mesh(
        new THREE.BufferGeometry().setAttribute(
          "position",
          new THREE.Float32BufferAttribute(new Float32Array(9), 3),
        ),
        material(color, { opacity: 0.45, side: THREE.DoubleSide }),
      ),
    );
    return {
      parts: [mesh],
      place(shape, color) {
        const p = mesh.geometry.attributes.position;
        [shape.a, shape.b, shape.c].forEach((x, i) =>
          p.setXYZ(i, x.x, x.y, x.z),
        );
        p.needsUpdate = true;
        mesh.geometry.computeBoundingSphere();
        setColor(mesh.material, color);
      },
    };
  },
};
